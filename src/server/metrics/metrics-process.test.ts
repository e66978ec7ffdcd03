import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/harness';
import { sample, scrape } from '../test/metrics-text';
import { waitFor } from '../test/wait-for';

/**
 * Real processes of src/server/main.ts with METRICS_PORT=0: a worker (ROLE=worker, which serves no
 * web port) answers /readyz and /metrics on its metrics listener; an API process (PostgreSQL)
 * serves metrics there and not on its web port.
 */
const ROOT = new URL('../../..', import.meta.url).pathname;
const PG = Boolean(process.env.TEST_DATABASE_URL);
const START = 180_000;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  metricsPort: number;
  /** The web port (ROLE=api), from its "listening" line. */
  webPort?: number;
  exited: Promise<number | null>;
  output: () => string;
}

async function startProcess(env: Record<string, string>): Promise<Started> {
  const full: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cwa-metrics-')),
    DEMO_SEED: 'false',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    METRICS_PORT: '0',
    ...env,
  };
  if (PG) full.DATABASE_URL = await createPostgresTestDatabase();
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const metricsPort = await waitFor(
    async () => Number(/"metricsPort":(\d+)/.exec(output)?.[1]) || (child.exitCode !== null ? -1 : 0),
    START,
    'the metrics listener',
  );
  if (metricsPort < 0) throw new Error(`the process exited: ${output}`);
  return { child, metricsPort, exited, output: () => output };
}

const ready = (port: number) =>
  waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
    START,
    '/readyz 200',
  );

describe.concurrent('the metrics listener of real processes', () => {
  it(
    'a worker (ROLE=worker) answers /healthz, /readyz and /metrics, then stops with exit 0',
    async () => {
      const worker = await startProcess({ ROLE: 'worker' });
      const base = `http://127.0.0.1:${worker.metricsPort}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      await ready(worker.metricsPort);
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
        status: 'ready',
        database: PG ? 'postgres' : 'pglite',
      });
      const page = await scrape(worker.metricsPort);
      expect(page.status).toBe(200);
      expect(sample(page.text, 'job_queue_up')).toBe(1);
      expect(sample(page.text, 'job_queue_jobs', { queue: 'copy.course', state: 'active' })).toBe(0);
      expect(sample(page.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(page.text, 'database_info', { kind: PG ? 'postgres' : 'pglite' })).toBe(1);

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    },
    2 * START,
  );

  // PostgreSQL only: on PGlite another process start costs another half minute of migrations, and
  // metrics.test.ts covers the same there in process.
  it.runIf(PG)(
    'an API process serves metrics on METRICS_PORT only, counting the calls made to its web port',
    async () => {
      const api = await startProcess({ ROLE: 'api', PORT: '0', HOST: '127.0.0.1' });
      await ready(api.metricsPort);
      const webPort = Number(/listening on http:\/\/localhost:(\d+)/.exec(api.output())?.[1]);
      expect(webPort).toBeGreaterThan(0);
      const web = `http://127.0.0.1:${webPort}`;

      const onWeb = await fetch(`${web}/metrics`);
      expect(await onWeb.text()).not.toContain('# HELP');
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${web}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password' }),
        });
        expect(res.status).toBe(401);
      }
      for (let i = 0; i < 4; i++) expect((await fetch(`${web}/api/app/config`)).status).toBe(200);

      const { text } = await scrape(api.metricsPort);
      expect(sample(text, 'auth_login_refusals_total', { reason: 'invalidCredentials' })).toBe(2);
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/app/config',
          status_code: '200',
        }),
      ).toBe(4);
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/auth/login',
          status_code: '401',
        }),
      ).toBe(2);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
    },
    2 * START,
  );
});
