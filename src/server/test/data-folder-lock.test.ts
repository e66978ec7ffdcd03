import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { killMain, type MainProcess, startMain } from './main-process';
import { waitFor } from './wait-for';

/**
 * The embedded data folder is one process's. A second process on the same DATA_DIR
 * (a server, or a CLI such as db:migrate) refuses with one line naming the folder and the holder's
 * pid; the lock of a process killed with SIGKILL is taken over by the next start.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-folder-lock-'));
const folder = join(dataDir, 'pglite');
const lockFile = `${folder}.lock`;
const env = { DATA_DIR: dataDir, DEMO_SEED: 'false', ROLE: 'api' };
const running: MainProcess[] = [];

afterAll(async () => {
  for (const p of running) await killMain(p);
  rmSync(dataDir, { recursive: true, force: true });
});

const refusal = (pid: number) =>
  `DATA_DIR: the embedded database folder ${folder} is in use by process ${pid} (lock file ${lockFile}); stop that process or use another DATA_DIR`;

async function startReady() {
  const p = startMain(env);
  running.push(p);
  const port = await p.up;
  await waitFor(
    () => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200),
    60_000,
    '/readyz',
  );
  return p;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded data folder is locked by its process', () => {
  it('a second server and db:migrate refuse; a killed holder’s lock is taken over', {
    timeout: 240_000,
  }, async () => {
    const first = await startReady();

    const second = startMain(env);
    running.push(second);
    expect(await Promise.race([second.exited, second.up.then(() => 'came up')])).toBe(1);
    expect(second.stderr()).toBe(`${refusal(first.child.pid!)}\n`);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    const migrate = spawnSync(
      join(ROOT, 'node_modules/.bin/node'),
      ['--import', 'tsx', 'src/server/cli/migrate.ts'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      },
    );
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toBe(`${refusal(first.child.pid!)}\n`);

    await killMain(first, 'SIGKILL');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid)); // left behind

    const third = await startReady();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(third.child.pid));
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
