/**
 * Process memory and start time of the real server: `node <flags> scripts/start.mjs`
 * exactly as `npm start` runs it (bench/start-command.ts reads package.json; the compiled server in
 * that one process, no wrapper), with the demo world,
 * on PGlite (a fresh DATA_DIR) and on PostgreSQL (a scratch database). Reported: RSS of the server
 * process when it answers after seeding (idle, after 5 s), its peak and final RSS during and after
 * BENCH_MEMORY_SECONDS (600) of a mixed load (BENCH_MEMORY_CLIENTS (10) registrar clients: course
 * list, search, course details, user list, alerts; 30% course edits), the later start: the
 * same command again on the now seeded database, nothing to compile, timed from spawn to the first
 * answer of /healthz, and that server's peak RSS during a 10,000-row bulk .xlsx import (BENCH_BULK_ROWS).
 * Targets: PGlite ≤ 350 MB, PostgreSQL ≤ 150 MB, later start ≤ 1.5 s, import peak ≤ 300 MB.
 * The machine's load average is printed with the figures. A report, not a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { XLSX_TYPE } from '../src/server/test/xlsx-files';
import { writeBulkSpreadsheet } from './bulk-spreadsheet';
import { PG_URL } from './databases';
import { START_ARGS } from './start-command';
import { freePort } from '../src/server/test/free-port';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const CLIENTS = Number(process.env.BENCH_MEMORY_CLIENTS ?? 10);
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const BULK_BASE = '/api/registrarUser/instructor/bulkAccountCreation';
const PASSWORD = 'demo-pass-1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Resident memory of a process in bytes (Linux /proc): now (VmRSS) or its high-water mark (VmHWM). */
function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

interface Server {
  child: ChildProcess;
  base: string;
  /** ms from spawn to the first 200 of /healthz */
  startMs: number;
  /** the start compiled the server or built the SPA (sources newer than dist/) */
  built: boolean;
  stop(): Promise<void>;
}

/** Spawns the server as `npm start` runs it and waits for /healthz (seeding happens before listening). */
async function startServer(env: Record<string, string>, timeoutMs = 900_000): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete childEnv.DATABASE_URL; // PGlite in DATA_DIR unless `env` names a database
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let built = false;
  child.stdout?.on('data', (d) => {
    if (/compiling the server|building the web app/.test(String(d))) built = true;
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`server did not answer within ${timeoutMs} ms: ${stderr}`);
    }
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { child, base, startMs: performance.now() - started, built, stop };
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: string }>;

function caller(base: string, agent: http.Agent, token: () => string): Call {
  return (method, path, body) =>
    new Promise((resolve) => {
      const data = body ? JSON.stringify(body) : undefined;
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token()}`,
            ...(data
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', () => resolve({ status: 0, body: '' }));
      req.end(data);
    });
}

/** Keep-alive calls as the demo registrar (signed in here), and the registrar's first institution. */
async function signInAsRegistrar(server: Server, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  let token = '';
  const call = caller(server.base, agent, () => token);
  const login = await call('POST', '/api/auth/login', { username: 'registrar', password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  token = JSON.parse(login.body).token;
  const session = JSON.parse((await call('GET', '/api/auth/session')).body);
  return { agent, call, token, org: session.institutions[0].orgId as number };
}

/** The mixed load; returns the number of answers by class and the RSS peak seen (sampled each second). */
async function mixedLoad(server: Server, seconds: number) {
  const { agent, call, org } = await signInAsRegistrar(server, CLIENTS);
  const list = JSON.parse(
    (
      await call(
        'GET',
        `/api/institution/institutionData?organizationId=${org}&coursePeriod=ALL&pageSize=100`,
      )
    ).body,
  );
  const courses = (list.courses as { sectionId: number }[]).map((c) => c.sectionId);
  const reads = [
    () => `/api/institution/institutionData?organizationId=${org}`,
    () => `/api/institution/institutionData?organizationId=${org}&queryString=a&page=2`,
    () =>
      `/api/institution/institutionData?organizationId=${org}&coursePeriod=ALL&sort=enrollmentCount&order=desc`,
    () => `/api/courses/details?sectionId=${courses[Math.floor(Math.random() * courses.length)]}`,
    () => `/api/institution/organizationUserSearch?organizationId=${org}`,
    () => `/api/institution/organizationUserSearch?organizationId=${org}&q=a`,
    () => `/api/alert/alerts?organizationId=${org}`,
  ];
  const answers = new Map<string, number>();
  const count = (k: string) => answers.set(k, (answers.get(k) ?? 0) + 1);
  let peak = rss(server.child.pid!);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(server.child.pid!));
  }, 1000);
  const until = performance.now() + seconds * 1000;
  let seq = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // each client edits a course of its own, so writes never race one another
      const own = courses[i % courses.length];
      while (performance.now() < until) {
        if (Math.random() >= 0.3) {
          const r = await call('GET', reads[Math.floor(Math.random() * reads.length)]());
          count(`read ${r.status}`);
          continue;
        }
        const d = await call('GET', `/api/courses/details?sectionId=${own}`);
        if (d.status !== 200) {
          count(`read ${d.status}`);
          continue;
        }
        const c = JSON.parse(d.body).course;
        const r = await call('PUT', '/api/courses/editSection', {
          sectionId: own,
          version: c.version,
          courseName: `Memory bench ${++seq}`,
          startDate: c.startDate,
          endDate: c.endDate,
        });
        count(`write ${r.status}`);
      }
    }),
  );
  clearInterval(sampler);
  agent.destroy();
  return { peak, answers: [...answers].sort().map(([k, v]) => `${k}: ${v}`) };
}

/**
 * Peak RSS of the server while a registrar's 10,000-row .xlsx goes from upload to the completed apply
 * job (through HTTP, as the browser sends it). The high-water mark is reset first (`clear_refs` 5),
 * so VmHWM is this import's peak; a 100 ms sample is kept in case the reset is refused.
 */
async function bulkImportPeak(server: Server, file: string) {
  const pid = server.child.pid!;
  const { agent, call, token, org } = await signInAsRegistrar(server, 1);
  const before = rss(pid);
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, rss(pid));
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: XLSX_TYPE }), 'bench-accounts.xlsx');
    const up = await fetch(`${server.base}${BULK_BASE}?organizationId=${org}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const upload = (await up.json()) as { importId?: string };
    if (up.status !== 202 || !upload.importId)
      throw new Error(`upload: ${up.status} ${JSON.stringify(upload)}`);
    const status = async () => {
      const r = await call('GET', `${BULK_BASE}/${upload.importId}`);
      const imp = JSON.parse(r.body) as { status: string; error?: string };
      if (imp.status === 'failed') throw new Error(`the import failed: ${imp.error}`);
      return imp.status;
    };
    while ((await status()) !== 'previewed') await new Promise((r) => setTimeout(r, 250));
    const commit = await call('POST', `${BULK_BASE}/${upload.importId}/commit`, { mode: 'createAndUpdate' });
    if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${commit.body}`);
    while ((await status()) !== 'done') await new Promise((r) => setTimeout(r, 250));
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const peak = Math.max(sampled, reset ? rss(pid, 'VmHWM') : 0);
  return { before, peak, seconds: (performance.now() - started) / 1000 };
}

async function measure(name: string, env: Record<string, string>) {
  const first = await startServer(env);
  let idle = 0;
  let after = 0;
  let load: Awaited<ReturnType<typeof mixedLoad>>;
  try {
    await new Promise((r) => setTimeout(r, 5000));
    idle = rss(first.child.pid!);
    load = await mixedLoad(first, SECONDS);
    await new Promise((r) => setTimeout(r, 5000));
    after = rss(first.child.pid!);
  } finally {
    await first.stop();
  }
  // the later start: nothing to compile (a shared checkout's sources may change meanwhile: then again)
  let second = await startServer(env);
  for (let i = 0; i < 2 && second.built; i++) {
    await second.stop();
    second = await startServer(env);
  }
  let bulk: Awaited<ReturnType<typeof bulkImportPeak>>;
  const file = join(mkdtempSync(join(tmpdir(), 'cwa-bench-memory-xlsx-')), 'accounts.xlsx');
  try {
    await writeBulkSpreadsheet(file, BULK_ROWS);
    // PGlite's open holds a few hundred MB of native memory for about two seconds after listening
    await new Promise((r) => setTimeout(r, 5000));
    bulk = await bulkImportPeak(second, file);
  } finally {
    await second.stop();
    rmSync(dirname(file), { recursive: true, force: true });
  }
  console.log(`  ${name} (first start, migrations and demo seed: ${(first.startMs / 1000).toFixed(1)} s)`);
  console.log(`    RSS idle after start and seeding      ${mb(idle).padStart(8)}`);
  console.log(`    RSS peak during ${SECONDS} s mixed load    ${mb(load.peak).padStart(8)}`);
  console.log(`    RSS 5 s after the load                ${mb(after).padStart(8)}`);
  console.log(
    `    later start (seeded, compiled) to /healthz  ${(second.startMs / 1000).toFixed(2)} s${second.built ? ' (sources changed: it built again)' : ''}`,
  );
  console.log(
    `    ${BULK_ROWS.toLocaleString('en-US')}-row .xlsx import on the later-started server, upload to done ` +
      `(${bulk.seconds.toFixed(1)} s): RSS before ${mb(bulk.before)}, peak ${mb(bulk.peak)} (target ≤ 300 MB)`,
  );
  console.log(`    answers: ${load.answers.join(', ')}`);
}

export async function benchMemory() {
  console.log(
    `memory: node ${START_ARGS.join(' ')} (= npm start) with the demo world; ${CLIENTS} clients, ${SECONDS} s mixed load; ` +
      `${new Date().toISOString().slice(0, 16)} UTC, machine load average before: ${loadNow()} (shared machine)`,
  );
  const only = process.env.BENCH_MEMORY_DB;
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-memory-'));
    try {
      await measure('PGlite', { DATA_DIR: dataDir, DEMO_SEED: 'true' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite') {
    const scratch = `cwa_bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-memory-'));
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${scratch}`);
      const url = new URL(PG_URL);
      url.pathname = `/${scratch}`;
      await measure('PostgreSQL', { DATA_DIR: dataDir, DEMO_SEED: 'true', DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`  (machine load average after: ${loadNow()}; the machine is shared, figures vary with it)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchMemory().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
