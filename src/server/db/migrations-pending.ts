import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BOSS_SCHEMA } from '../jobs/queue';
import type { SqlRunner } from './client';

/**
 * Whether a migration pass has anything to do, asked with one query (docs/decisions/0007): the
 * journal's last migration against the database's latest applied one (Drizzle applies the files
 * newer than that row) and, with `jobQueue`, the job queue's schema version against the one the
 * installed pg-boss expects. A database without those tables, or any failure, counts as pending:
 * the full, locked pass decides.
 */
export async function migrationsPending(
  sql: SqlRunner,
  migrationsFolder: string,
  opts: { jobQueue: boolean },
): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const last = journal.entries.at(-1)?.when ?? 0;
  const boss = opts.jobQueue ? `, (select version from ${BOSS_SCHEMA}.version) as boss` : '';
  try {
    const { rows } = await sql.executeSql(
      `select (select max(created_at) from drizzle.__drizzle_migrations) as migrated${boss}`,
    );
    const row = rows[0] as { migrated: string | number | null; boss?: string | number | null };
    if (row?.migrated == null || Number(row.migrated) < last) return true;
    return opts.jobQueue && Number(row.boss) !== bossSchemaVersion();
  } catch {
    return true;
  }
}

/** The schema version of the installed pg-boss (its own file: pg-boss exports no constant). */
function bossSchemaVersion(): number {
  return (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;
}
