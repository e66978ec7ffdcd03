import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA } from '../jobs/queue';
import { scriptResult } from './script-result';

/** The advisory lock key of this application's migrations (one per database: advisory locks are). */
const MIGRATION_LOCK = `hashtext('courseware-admin.migrations')`;

/**
 * Migrates a PostgreSQL database while holding a session-level advisory lock on one dedicated
 * connection, which also runs the migrations: processes started together (several API processes
 * and a worker, or a rolling upgrade) take turns, and the ones after the first find nothing to do.
 * pg-boss's own tables are installed here too, under the same lock: its creation at queue start
 * races between processes as well (its "already exists" fallback leaves a pooled connection inside
 * a failed transaction), and afterwards finds them in place.
 */
export async function migratePostgresLocked(url: string, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // the query in flight reports it
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await installJobQueue(client);
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end();
  }
}

async function installJobQueue(client: pg.Client) {
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => scriptResult(await client.query(text, values)) },
    schema: BOSS_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start(); // creates or upgrades its schema, nothing else runs (no supervise, schedule or work)
  await boss.stop({ graceful: false, close: false, wait: true });
}
