import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './empty-database';
import { killMain, type MainProcess, startMain } from './main-process';
import { waitFor } from './wait-for';

/**
 * Three processes started together on an EMPTY PostgreSQL database (two API, one worker)
 * all come up. Without a lock around the migrations, two of them died with
 * `duplicate key value violates unique constraint "pg_namespace_nspname_index"`.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const running: MainProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-start-together-'));
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const p of running) await killMain(p);
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!PG)('processes started together on an empty PostgreSQL database', () => {
  it('all three come up: two answer /readyz 200, the worker runs', { timeout: 180_000 }, async () => {
    const empty = await createEmptyPostgresDatabase('together');
    drop = empty.drop;
    const env = { DATABASE_URL: empty.url, DATA_DIR: dataDir };
    for (const role of ['api', 'api', 'worker']) running.push(startMain({ ...env, ROLE: role }));

    const ports = await Promise.all(running.map((p) => p.up));
    expect(ports.filter((p) => p > 0)).toHaveLength(2);
    for (const port of ports.filter((p) => p > 0)) {
      const ready = () => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200);
      await waitFor(ready, 60_000, `/readyz 200 on port ${port}`);
    }
    for (const p of running) expect(p.stderr()).toBe('');
  });
});
