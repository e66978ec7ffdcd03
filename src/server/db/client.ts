import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { nameStatements } from './pglite-named-statements';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isConnectionLost, isPlainRead } from './connection-loss';
import { lockFolder } from './folder-lock';
import { migratePostgresLocked } from './migrate-lock';
import { migrationsPending } from './migrations-pending';
import { scriptResult } from './script-result';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and PostgreSQL. A transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL with positional parameters; pg-boss and health checks use it. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlRunner;
  /** The node-postgres pool (PostgreSQL only); its counts are metrics. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src/server/db/migrations');

export function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; poolMax?: number }): Database {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10);
  return openPglite(opts.pgliteDir ?? 'memory://');
}

/**
 * A pool whose plain reads outside a transaction survive a dropped connection: on a
 * connection-lost error the read runs once more on a fresh connection of its own (the pool may
 * still hold other dropped ones). Writes and transactions are never retried: their outcome is
 * unknown, so the error reaches the error handler, which answers 503 with Retry-After.
 */
class ReadRetryingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads, passed through unchanged.
  override query(...args: any[]): any {
    const [config, values, callback] = args;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof callback === 'function' || typeof values === 'function' || !isPlainRead(text)) {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    return (super.query(config, values) as Promise<pg.QueryResult>).catch(async (err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      const fresh = new pg.Client(this.options);
      fresh.on('error', () => {}); // its query reports the failure
      await fresh.connect();
      try {
        return await fresh.query(config, values);
      } finally {
        await fresh.end().catch(() => {});
      }
    });
  }
}

function openPostgres(url: string, max: number): Database {
  const pool = new ReadRetryingPool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // A checked-out client (inside a transaction, between statements) has no idle listener: without one
  // of its own, a backend terminated at that moment emits an unhandled 'error' and stops the process.
  // Its next query fails (connection lost → 503) and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const sql: SqlRunner = {
    async executeSql(text, values) {
      // pg-boss and probes: never retried (a job statement may write).
      const query = pg.Pool.prototype.query as (
        this: pg.Pool,
        t: string,
        v?: unknown[],
      ) => Promise<pg.QueryResult | pg.QueryResult[]>;
      return scriptResult(await query.call(pool, text, values));
    },
  };
  return {
    kind: 'postgres',
    db,
    pool,
    sql,
    // nothing pending (the usual start): one query, no lock and no pass over the files
    migrate: async () => {
      if (await migrationsPending(sql, MIGRATIONS_DIR, { jobQueue: true })) {
        await migratePostgresLocked(url, MIGRATIONS_DIR);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL settings of the embedded database: PGlite's WebAssembly heap never gives memory back, so
 * buffers are kept small, and new WAL segments are not zero-filled (docs/decisions/0005).
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'temp_buffers=4MB',
  'maintenance_work_mem=32MB',
  'wal_init_zero=off',
];

function openPglite(dir: string): Database {
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    unlock = lockFolder(dir);
  }
  // pg_trgm and btree_gin: the GIN trigram indexes of the contains-searches (created by migrations).
  const client = new PGlite(dir, { extensions: { pg_trgm, btree_gin }, postgresqlconf: PGLITE_SETTINGS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  nameStatements(db, client);
  const sql: SqlRunner = {
    async executeSql(text, values) {
      // Multi-statement SQL without parameters (pg-boss migrations) must go through exec.
      if (!values || values.length === 0) {
        return scriptResult(await client.exec(text));
      }
      const r = await client.query(text, values);
      return { rows: r.rows as any[] };
    },
  };
  return {
    kind: 'pglite',
    db,
    sql,
    // the job queue installs its tables when it starts (one process holds a PGlite folder)
    migrate: async () => {
      if (await migrationsPending(sql, MIGRATIONS_DIR, { jobQueue: false })) {
        await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      }
    },
    close: () => client.close().finally(unlock),
  };
}
