import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from './harness';
import { freePort as closedPort } from './free-port';
import { killMain, type MainProcess, startMain } from './main-process';
import { waitFor } from './wait-for';

/**
 * A database that does not answer at start gives one clear line (no stack); the process
 * waits DATABASE_WAIT_SECONDS for it (an orchestrator may start it later), then exits 1 with a line.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-database-wait-'));
const running: MainProcess[] = [];
let proxy: Server | undefined;

afterAll(async () => {
  for (const p of running) await killMain(p);
  proxy?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a database that does not answer at start', () => {
  it('unreachable: a line, a wait, a line naming the variable, exit 1, no stack', {
    timeout: 60_000,
  }, async () => {
    const port = await closedPort();
    const p = startMain({
      DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/app`,
      DATABASE_WAIT_SECONDS: '2',
      DATA_DIR: dataDir,
      ROLE: 'api',
    });
    running.push(p);
    expect(await p.exited).toBe(1);
    const lines = p.stderr().trimEnd().split('\n');
    expect(lines).toEqual([
      `the database at 127.0.0.1:${port}/app does not answer (connect ECONNREFUSED 127.0.0.1:${port}): waiting up to 2 s`,
      `DATABASE_URL: the database at 127.0.0.1:${port}/app did not answer within 2 s (DATABASE_WAIT_SECONDS): connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
    expect(p.stdout()).toBe('');
  });

  it.skipIf(!PG)(
    'a database that starts listening later: the process comes up',
    {
      timeout: 120_000,
    },
    async () => {
      const target = new URL(await createPostgresTestDatabase());
      const port = await closedPort();
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      const p = startMain({
        DATABASE_URL: url.toString(),
        DATABASE_WAIT_SECONDS: '60',
        DATA_DIR: dataDir,
        ROLE: 'api',
      });
      running.push(p);
      await waitFor(async () => p.stderr().includes('does not answer'), 60_000, 'the waiting line');

      // the "database" appears: a TCP proxy to the real server on the port the process keeps trying
      proxy = createServer((socket) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((r) => proxy!.listen(port, '127.0.0.1', r));

      const apiPort = await p.up;
      const ready = () => fetch(`http://127.0.0.1:${apiPort}/readyz`).then((r) => r.status === 200);
      await waitFor(ready, 60_000, '/readyz 200');
      expect(p.stderr().trimEnd().split('\n')).toEqual([
        expect.stringMatching(
          /^the database at 127\.0\.0\.1:\d+\/\w+ does not answer \(connect ECONNREFUSED .*\): waiting up to 60 s$/,
        ),
        expect.stringMatching(/^the database at 127\.0\.0\.1:\d+\/\w+ answers now$/),
      ]);
    },
  );
});
