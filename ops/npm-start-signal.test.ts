import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../src/server/test/wait-for';
import { cleanEnv, ROOT } from './env';
import { killIfAlive, portOpen, serverPid, spawnServer, waitReady } from './server-process';

/** A process manager (or `docker stop`) sends SIGTERM to the process it started: `npm start`. */
describe('npm start and a stop signal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-signal-'));
  let leftover: number | undefined;
  afterAll(() => {
    killIfAlive(leftover);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM to npm stops the server gracefully, npm exits 0 and the port closes', async () => {
    const server = spawnServer('npm', ['start'], {
      cwd: ROOT,
      env: cleanEnv({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_SEED: 'false',
        LOG_FORMAT: 'json',
        SHUTDOWN_TIMEOUT_MS: '5000',
      }),
    });
    // the first start of a fresh checkout builds dist/ first
    const port = await waitReady(server, 300_000);
    leftover = serverPid(server.output());
    expect(leftover).not.toBe(server.child.pid);

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    await waitFor(async () => !(await portOpen(port)), 30_000, 'the port to close');
    expect(server.output()).toContain(
      '"signal":"SIGTERM","msg":"stopping: finishing in-flight requests and jobs"',
    );
    expect(exit).toEqual({ code: 0, signal: null });
  }, 360_000);
});
