/**
 * The production start: `npm run start:prod`'s command (node <flags> dist/server/main.mjs, read from
 * package.json) on a database holding the demo world, seeded beforehand by the explicit dev step
 * (`npm run db:seed -- --demo`), on PGlite (a fresh DATA_DIR) and on PostgreSQL (a scratch database).
 * The first start fills V8's compile cache; the later starts are timed from spawn to the first 200 of
 * /readyz (and the CPU time the server used until then, which the machine's load does not inflate),
 * and the server's RSS is read after BENCH_IDLE_SECONDS (5) idle. Targets: later start
 * ≤ 1.5 s, idle RSS ≤ 150 MB on PostgreSQL. dist/ is built first when it is older than its sources.
 * A report, not a test.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer, buildWeb } from '../scripts/build.mjs';
import { PG_URL } from './databases';
import { freePort } from '../src/server/test/free-port';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const LATER_STARTS = 3;

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const [node, ...START_ARGS] = String(pkg.scripts['start:prod'])
  .replace(/^exec\s+/, '')
  .split(/\s+/);
if (node !== 'node') throw new Error(`package.json "start:prod" should run node, not ${node}`);

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** CPU seconds (user + system) the process has used: the start's cost, whatever the machine's load. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux)
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

function npm(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')}: exit ${r.status}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** One production start: ms from spawn to /readyz 200 and RSS after the idle wait. */
async function startOnce(env: Record<string, string>): Promise<{ ms: number; cpu: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: childEnv({
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEMO_SEED: 'false',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (res?.status === 200) break;
      if (performance.now() - started > 120_000) throw new Error('no /readyz 200 within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    const cpu = cpuSeconds(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { ms, cpu, rss: rss(child.pid!) };
  } finally {
    await stop(child);
  }
}

async function measure(name: string, env: Record<string, string>) {
  await startOnce(env); // fills the compile cache, as the first start after an install does
  const runs = [];
  for (let i = 0; i < LATER_STARTS; i++) runs.push(await startOnce(env));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
  const rssMb = runs.map((r) => mb(r.rss)).sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(10)} later start ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(2)} s (median of ${LATER_STARTS}; ${ms.map((m) => (m / 1000).toFixed(2)).join(' / ')} s)` +
      `   CPU to /readyz ${cpu[Math.floor(cpu.length / 2)].toFixed(2)} s` +
      `   idle RSS ${rssMb[Math.floor(rssMb.length / 2)]} MB (${rssMb.join(' / ')})`,
  );
}

console.log(
  `production start: ${START_ARGS.join(' ')}; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log('  targets: later start ≤ 1.5 s; idle RSS ≤ 150 MB on PostgreSQL');
await Promise.all([buildWeb(), buildServer()]);

const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-prod-'));
try {
  npm(['run', 'db:seed', '--', '--demo'], childEnv({ DATA_DIR: dataDir }));
  await measure('PGlite', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const scratch = `cwa_bench_prodstart_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const pgDir = mkdtempSync(join(tmpdir(), 'cwa-bench-prod-pg-'));
try {
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(PG_URL);
  url.pathname = `/${scratch}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: pgDir };
  npm(['run', 'db:seed', '--', '--demo'], childEnv(env));
  await measure('PostgreSQL', env);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(pgDir, { recursive: true, force: true });
}
console.log(
  `  load average after: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
