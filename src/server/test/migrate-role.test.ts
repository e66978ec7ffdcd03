import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { BOSS_SCHEMA } from '../jobs/queue';
import { createEmptyPostgresDatabase } from './empty-database';
import { killMain, type MainProcess, startMain } from './main-process';

/** `ROLE=migrate` is the upgrade step: it migrates once, prints one line and exits 0. */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-migrate-role-'));
const running: MainProcess[] = [];
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const p of running) await killMain(p);
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`ROLE=migrate (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('migrates an empty database, prints one line, exits 0; again: nothing to do, same line', {
    timeout: 120_000,
  }, async () => {
    let databaseUrl: string | undefined;
    if (PG) {
      const empty = await createEmptyPostgresDatabase('migrate_role');
      drop = empty.drop;
      databaseUrl = empty.url;
    }
    const env = { ROLE: 'migrate', DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    for (let run = 0; run < 2; run++) {
      const p = startMain(env);
      running.push(p);
      expect(await p.exited).toBe(0);
      expect(p.stdout()).toBe(`migrations applied (${PG ? 'postgres' : 'pglite'})\n`);
      expect(p.stderr()).toBe('');
    }
    if (!PG) expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const database = openDatabase({ databaseUrl, pgliteDir: join(dataDir, 'pglite') });
    try {
      const { rows } = await database.sql.executeSql(
        `select count(*)::int as n from information_schema.tables where table_name in ('users', 'institutions')`,
      );
      expect(rows[0].n).toBe(2);
      if (PG) {
        // pg-boss's schema too, under the migration lock: processes starting their queues together
        // found nothing left to create (the previous release once died there, "Key (nspname)=(pgboss)
        // already exists", two API processes started together on a migrated database)
        const version = await database.sql.executeSql(`select version from ${BOSS_SCHEMA}.version`);
        expect(version.rows).toEqual([{ version: (await import('pg-boss/version.json')).default.schema }]);
      }
    } finally {
      await database.close();
    }
  });
});
