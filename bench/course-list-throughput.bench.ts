/**
 * Course-list throughput of the app as users run it against a bare Fastify route running the same
 * SQL, three processes: this one only generates the load (BENCH_THROUGHPUT_CLIENTS (10) keep-alive
 * HTTP clients for BENCH_THROUGHPUT_SECONDS (20) per server), the app started by `npm start` itself
 * (its node flags and malloc settings, request logging at LOG_LEVEL info into a log file, the workers
 * on, the demo world seeded at its first start; PGlite in a temporary DATA_DIR, or a scratch
 * PostgreSQL database), and the bare route (bench/bare-route.ts: the statements of one app call,
 * replayed; on PGlite on a copy of the app's database directory, as PGlite is one process's). The
 * registrar asks for the course list of its first institution (current period, page 1). App and bare
 * route alternate in two halves each, so a change in the shared machine's load weighs on both alike.
 * Targets: course-list p99 ≤ 100 ms on PGlite, ≤ 50 ms on PostgreSQL; app/bare requests/s ≥ 0.8 on
 * PostgreSQL. BENCH_THROUGHPUT_DB=pglite|postgres runs one; BENCH_THROUGHPUT_WARMUP sets the seconds of load
 * each server gets before it is measured (2). A report, not a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMallocTunables } from '../scripts/malloc-tunables.mjs';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { type AppProcess, signIn, startWithNpm, treeCpuSeconds, withTempDir } from './app-process';
import { withScratchDatabase } from './databases';
import { BenchReport } from './report';
import { SERVER_NODE_FLAGS } from './start-command';

const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_THROUGHPUT_CLIENTS ?? 10);
const WARMUP = Number(process.env.BENCH_THROUGHPUT_WARMUP ?? 2);
const BARE = fileURLToPath(new URL('bare-route.ts', import.meta.url));

/** GETs `url` with `clients` keep-alive clients for `seconds`; counts the non-200 answers. */
async function drive(url: string, headers: Record<string, string>, seconds: number, pid: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times: number[] = [];
  let failures = 0;
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const cpuBefore = treeCpuSeconds(pid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const s = performance.now();
        const status = await get();
        if (status === 200) times.push(performance.now() - s);
        else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  // the server's CPU (its process tree; on PGlite the database too) in seconds
  return { times, failures, elapsed, cpu: treeCpuSeconds(pid) - cpuBefore };
}
type Run = Awaited<ReturnType<typeof drive>>;

/** Starts bench/bare-route.ts with `npm start`'s V8 flags and malloc settings; its port and statements. */
async function startBare(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', BARE], {
    env: withMallocTunables({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /^BARE .*$/m.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`the bare route exited ${code}`)));
  });
  const [, port, statements] = /^BARE (\d+) (.*)$/.exec(line) ?? [];
  return { child, url: `http://127.0.0.1:${port}/bare`, statements: JSON.parse(statements) as string[] };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Both servers up: warm-up, then app and bare route alternating in two halves each. */
async function measure(app: AppProcess, bareEnv: Record<string, string>) {
  const headers = await signIn(app.base, 'registrar');
  const session = (await (await fetch(`${app.base}${authApi.session.path}`, { headers })).json()) as {
    institutions: { orgId: number }[];
  };
  const path = `${coursesApi.list.path}?organizationId=${session.institutions[0].orgId}`;
  const first = await fetch(`${app.base}${path}`, { headers });
  if (first.status !== 200) throw new Error(`course list: ${first.status}`);
  const total = ((await first.json()) as { total: number }).total;
  const bare = await startBare({ ...bareEnv, BARE_PATH: path });
  try {
    await drive(`${app.base}${path}`, headers, WARMUP, app.pid);
    await drive(bare.url, {}, WARMUP, bare.child.pid as number);
    const runs = { app: [] as Run[], bare: [] as Run[] };
    for (let half = 0; half < 2; half++) {
      runs.app.push(await drive(`${app.base}${path}`, headers, SECONDS / 2, app.pid));
      runs.bare.push(await drive(bare.url, {}, SECONDS / 2, bare.child.pid as number));
    }
    const sum = (r: Run[]) => ({
      times: r.flatMap((x) => x.times),
      failures: r.reduce((n, x) => n + x.failures, 0),
      elapsed: r.reduce((n, x) => n + x.elapsed, 0),
      cpu: r.reduce((n, x) => n + x.cpu, 0),
    });
    return { statements: bare.statements, total, app: sum(runs.app), bare: sum(runs.bare) };
  } finally {
    await stopChild(bare.child);
  }
}

function show(report: BenchReport, name: string, r: Awaited<ReturnType<typeof measure>>, p99Target: number) {
  const rps = (x: { times: number[]; elapsed: number }) => x.times.length / x.elapsed;
  const cpu = (x: { times: number[]; cpu: number }) =>
    ((x.cpu * 1000) / Math.max(1, x.times.length)).toFixed(2);
  const line = (x: typeof r.app) => {
    const q = quantiles(x.times);
    return `${rps(x).toFixed(1)} requests/s, p50 ${q.p50.toFixed(1)} / p95 ${q.p95.toFixed(1)} / p99 ${q.p99.toFixed(1)} ms, server CPU ${cpu(x)} ms/call, non-200: ${x.failures}`;
  };
  report.note(
    `${name}: ${r.statements.length} SQL statements per course-list call (${r.total} courses match): ${r.statements
      .map((s) => s.replace(/\s+/g, ' ').slice(0, 60))
      .join(' · ')}`,
  );
  const p99 = quantiles(r.app.times).p99;
  report.row(
    `${name} app (npm start), course-list p99`,
    `≤ ${p99Target} ms`,
    `${p99.toFixed(1)} ms`,
    p99 <= p99Target,
  );
  report.row(`${name} app`, '', line(r.app));
  report.row(`${name} bare route, same SQL`, '', line(r.bare));
  const ratio = rps(r.app) / rps(r.bare);
  const pg = name === 'PostgreSQL';
  report.row(
    `${name} app / bare requests/s`,
    pg ? '≥ 0.8' : '',
    ratio.toFixed(2),
    pg ? ratio >= 0.8 : undefined,
  );
}

async function onPglite(report: BenchReport) {
  await withTempDir('cwa-bench-throughput-', async (dataDir) => {
    // the first start seeds the demo world; its database is copied for the bare route (stopped first)
    const seeding = await startWithNpm({ DATA_DIR: dataDir, DEMO_SEED: 'true' });
    await seeding.stop();
    await withTempDir('cwa-bench-throughput-bare-', async (bareDir) => {
      cpSync(join(dataDir, 'pglite'), join(bareDir, 'pglite'), { recursive: true });
      const app = await startWithNpm({ DATA_DIR: dataDir });
      try {
        const r = await measure(app, { BARE_PGLITE_DIR: join(bareDir, 'pglite'), BARE_DATA_DIR: bareDir });
        show(report, 'PGlite', r, 100);
      } finally {
        await app.stop();
      }
    });
  });
}

async function onPostgres(report: BenchReport) {
  await withScratchDatabase('throughput', (url) =>
    withTempDir('cwa-bench-throughput-', async (dataDir) => {
      const app = await startWithNpm({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_SEED: 'true' });
      try {
        const r = await measure(app, { BARE_DATABASE_URL: url, BARE_DATA_DIR: dataDir });
        show(report, 'PostgreSQL', r, 50);
      } finally {
        await app.stop();
      }
    }),
  );
}

export async function benchCourseListThroughput() {
  const report = new BenchReport(
    'course-list-throughput',
    `Course list under load: \`npm start\` (request logs on, workers on) against a bare route with the same SQL, separate processes, ${CLIENTS} clients, ${SECONDS} s each`,
  );
  const only = process.env.BENCH_THROUGHPUT_DB;
  if (only !== 'postgres') await onPglite(report);
  if (only !== 'pglite') await onPostgres(report);
  report.finish();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCourseListThroughput().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
