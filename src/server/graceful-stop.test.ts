import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authApi } from '../shared/contract/auth';
import { createPostgresTestDatabase } from './test/harness';
import { freePort } from './test/free-port';

const root = new URL('../..', import.meta.url).pathname;
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
});

async function waitForHealth(port: number, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

describe('graceful stop', () => {
  it('SIGTERM during a request lets it finish, then the process exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cwa-stop-')),
      DEMO_SEED: 'false',
      LOG_LEVEL: 'info', // the "stopping" line is the event the test waits for
    };
    delete env.DATABASE_URL;
    // A database of its own: failed sign-ins left in a shared one by earlier runs would answer 429.
    if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = await createPostgresTestDatabase();
    // node itself, not the tsx command: tsx relays a signal to its child and sends SIGKILL when the child
    // has not acknowledged it within 30 ms, which a loaded machine misses (the request then ends ECONNRESET)
    child = spawn(join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env,
      stdio: 'pipe',
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    let output = '';
    const stopping = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('stopping: finishing in-flight requests')) resolve();
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
    });
    await waitForHealth(port);

    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: authApi.login.method,
          path: authApi.login.path,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // The server answers "100 Continue" once it has read the headers: proof the request is in.
            expect: '100-continue',
          },
        },
        (res) => {
          let data = '';
          res.on('data', (c) => {
            data += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        },
      );
      req.on('error', reject);
      // Headers and half the body; once the server has them, SIGTERM; once it says it is stopping,
      // the rest: the request is in flight while the stop goes on. Events only, no timers.
      req.on('continue', () => {
        req.write(body.slice(0, 10));
        child!.kill('SIGTERM');
        stopping.then(() => req.end(body.slice(10)), reject);
      });
      req.flushHeaders();
    });
    const res = await response;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).message).toBe('error.invalidCredentials');
    expect(await exited).toBe(0);
    // the lines logged before the exit are all written
    if (!child!.stdout!.closed) await new Promise((resolve) => child!.stdout!.once('close', resolve));
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.some((l) => JSON.parse(l).res?.statusCode === 401)).toBe(true);
    expect(JSON.parse(lines.at(-1)!).msg).toBe('stopped');
  }, 300_000);
});
