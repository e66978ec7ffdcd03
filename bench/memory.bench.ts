/**
 * Process memory and start time of the app as users start it: `npm start` itself (bench/app-process.ts:
 * npm, then the node server it execs, request logging on, workers on), with the demo world,
 * on PGlite (a fresh DATA_DIR) and on PostgreSQL (a scratch database). Every RSS is the whole
 * process tree's (npm's parent process and the node processes below it, /proc VmRSS summed).
 * Reported: the tree's RSS when it answers after seeding (idle, after 5 s), its peak and final RSS during and after
 * BENCH_MEMORY_SECONDS (600) of a mixed load (BENCH_MEMORY_CLIENTS (10) registrar clients: course
 * list, search, course details, user list, alerts; 30% course edits), the later start: the
 * same command again on the now seeded database, nothing to compile, timed from spawn to the first
 * answer of /healthz, and that server's peak RSS during a 10,000-row bulk .xlsx import (BENCH_BULK_ROWS).
 * Targets: PGlite ≤ 350 MB, PostgreSQL ≤ 150 MB, later start ≤ 1.5 s, import peak ≤ 300 MB.
 * The machine's load average is printed with the figures. A report, not a test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { XLSX_TYPE } from '../src/server/test/xlsx-files';
import { alertsApi } from '../src/shared/contract/alerts';
import { authApi } from '../src/shared/contract/auth';
import { bulkAccountsApi } from '../src/shared/contract/bulk-accounts';
import { coursesApi } from '../src/shared/contract/courses';
import { usersApi } from '../src/shared/contract/users';
import { routeCaller, routeRequest } from './api';
import { type AppProcess, processRss, processTree, startWithNpm, treeRss, withTempDir } from './app-process';
import { withScratchDatabase } from './databases';
import { writeBulkSpreadsheet } from './bulk-spreadsheet';
import { BenchReport } from './report';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const CLIENTS = Number(process.env.BENCH_MEMORY_CLIENTS ?? 10);
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const PASSWORD = 'demo-pass-1';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

type Server = AppProcess;

function caller(base: string, agent: http.Agent, token: () => string) {
  return routeCaller<{ status: number; body: string }>(
    ({ method, url, body }) =>
      new Promise((resolve) => {
        const data = body ? JSON.stringify(body) : undefined;
        const req = http.request(
          `${base}${url}`,
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
      }),
  );
}

/** Keep-alive calls as the demo registrar (signed in here), and the registrar's first institution. */
async function signInAsRegistrar(server: Server, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  let token = '';
  const call = caller(server.base, agent, () => token);
  const login = await call(authApi.login, { body: { username: 'registrar', password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  token = JSON.parse(login.body).token;
  const session = JSON.parse((await call(authApi.session)).body);
  return { agent, call, token, org: session.institutions[0].orgId as number };
}

/** The mixed load; returns the number of answers by class and the RSS peak seen (sampled each second). */
async function mixedLoad(server: Server, seconds: number) {
  const { agent, call, org } = await signInAsRegistrar(server, CLIENTS);
  const list = JSON.parse(
    (await call(coursesApi.list, { query: { organizationId: org, coursePeriod: 'ALL', pageSize: 100 } }))
      .body,
  );
  const courses = (list.courses as { sectionId: number }[]).map((c) => c.sectionId);
  const reads = [
    () => call(coursesApi.list, { query: { organizationId: org } }),
    () => call(coursesApi.list, { query: { organizationId: org, queryString: 'a', page: 2 } }),
    () =>
      call(coursesApi.list, {
        query: { organizationId: org, coursePeriod: 'ALL', sort: 'enrollmentCount', order: 'desc' },
      }),
    () =>
      call(coursesApi.details, { query: { sectionId: courses[Math.floor(Math.random() * courses.length)] } }),
    () => call(usersApi.organizationSearch, { query: { organizationId: org } }),
    () => call(usersApi.organizationSearch, { query: { organizationId: org, q: 'a' } }),
    () => call(alertsApi.list, { query: { organizationId: org } }),
  ];
  const answers = new Map<string, number>();
  const count = (k: string) => answers.set(k, (answers.get(k) ?? 0) + 1);
  let peak = treeRss(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(server.pid));
  }, 1000);
  const until = performance.now() + seconds * 1000;
  let seq = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // each client edits a course of its own, so writes never race one another
      const own = courses[i % courses.length];
      while (performance.now() < until) {
        if (Math.random() >= 0.3) {
          const r = await reads[Math.floor(Math.random() * reads.length)]();
          count(`read ${r.status}`);
          continue;
        }
        const d = await call(coursesApi.details, { query: { sectionId: own } });
        if (d.status !== 200) {
          count(`read ${d.status}`);
          continue;
        }
        const c = JSON.parse(d.body).course;
        const r = await call(coursesApi.editSection, {
          body: {
            sectionId: own,
            version: c.version,
            courseName: `Memory bench ${++seq}`,
            startDate: c.startDate,
            endDate: c.endDate,
          },
        });
        count(`write ${r.status}`);
      }
    }),
  );
  clearInterval(sampler);
  agent.destroy();
  return { peak, answers: [...answers].sort().map(([k, v]) => `${k}: ${v}`) };
}

/** The tree's RSS: VmRSS, or VmHWM (each process's high-water mark since its reset) summed. */
const tree = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') =>
  processTree(pid).reduce((n, p) => n + processRss(p, field), 0);

/**
 * Peak RSS of the process tree while a registrar's 10,000-row .xlsx goes from upload to the completed
 * apply job (through HTTP, as the browser sends it). Each process's high-water mark is reset first
 * (`clear_refs` 5), so VmHWM is this import's peak; a 100 ms sample is kept in case the reset is refused.
 */
async function bulkImportPeak(server: Server, file: string) {
  const pid = server.pid;
  const { agent, call, token, org } = await signInAsRegistrar(server, 1);
  const before = treeRss(pid);
  let reset = true;
  try {
    for (const p of processTree(pid)) writeFileSync(`/proc/${p}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, treeRss(pid));
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: XLSX_TYPE }), 'bench-accounts.xlsx');
    const upload = routeRequest(bulkAccountsApi.upload, { query: { organizationId: org } });
    const up = await fetch(`${server.base}${upload.url}`, {
      method: upload.method,
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploaded = (await up.json()) as { importId?: string };
    const importId = uploaded.importId;
    if (up.status !== 202 || !importId) throw new Error(`upload: ${up.status} ${JSON.stringify(uploaded)}`);
    const status = async () => {
      const r = await call(bulkAccountsApi.get, { params: { importId } });
      const imp = JSON.parse(r.body) as { status: string; error?: string };
      if (imp.status === 'failed') throw new Error(`the import failed: ${imp.error}`);
      return imp.status;
    };
    while ((await status()) !== 'previewed') await new Promise((r) => setTimeout(r, 250));
    const commit = await call(bulkAccountsApi.commit, {
      params: { importId },
      body: { mode: 'createAndUpdate' },
    });
    if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${commit.body}`);
    while ((await status()) !== 'done') await new Promise((r) => setTimeout(r, 250));
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const peak = Math.max(sampled, reset ? tree(pid, 'VmHWM') : 0);
  return { before, peak, seconds: (performance.now() - started) / 1000 };
}

async function measure(report: BenchReport, name: string, env: Record<string, string>) {
  const first = await startWithNpm(env);
  let idle = 0;
  let after = 0;
  let load: Awaited<ReturnType<typeof mixedLoad>>;
  try {
    await new Promise((r) => setTimeout(r, 5000));
    idle = treeRss(first.pid);
    load = await mixedLoad(first, SECONDS);
    await new Promise((r) => setTimeout(r, 5000));
    after = treeRss(first.pid);
  } finally {
    await first.stop();
  }
  // the later start: nothing to compile (a shared checkout's sources may change meanwhile: then again)
  const again = { ...env, DEMO_SEED: 'false' };
  let second = await startWithNpm(again);
  for (let i = 0; i < 2 && second.built; i++) {
    await second.stop();
    second = await startWithNpm(again);
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
  const pg = name === 'PostgreSQL';
  const rssTarget = pg ? 150 : 350;
  const toMb = (b: number) => Math.round(b / 1024 / 1024);
  report.note(
    `${name}: first start (migrations, demo seed) ${(first.startMs / 1000).toFixed(1)} s; answers under load: ${load.answers.join(', ')}`,
  );
  report.row(
    `${name} RSS idle after start and seeding (npm + node tree)`,
    `≤ ${rssTarget} MB`,
    mb(idle),
    toMb(idle) <= rssTarget,
  );
  report.row(
    `${name} RSS peak during ${SECONDS} s mixed load`,
    `≤ ${rssTarget} MB`,
    mb(load.peak),
    toMb(load.peak) <= rssTarget,
  );
  report.row(`${name} RSS 5 s after the load`, '', mb(after));
  report.row(
    `${name} later \`npm start\` (seeded, compiled) to /healthz`,
    '≤ 1.5 s',
    `${(second.startMs / 1000).toFixed(2)} s${second.built ? ' (sources changed: it built again)' : ''}`,
    second.startMs <= 1500,
  );
  report.row(
    `${name} ${BULK_ROWS.toLocaleString('en-US')}-row .xlsx import, peak RSS (upload to done: ${bulk.seconds.toFixed(1)} s)`,
    '≤ 300 MB',
    `${mb(bulk.peak)} (before: ${mb(bulk.before)})`,
    toMb(bulk.peak) <= 300,
  );
}

export async function benchMemory() {
  const report = new BenchReport(
    'memory',
    `Memory: \`npm start\` with the demo world, RSS of the npm + node process tree; ${CLIENTS} clients, ${SECONDS} s mixed load`,
  );
  const only = process.env.BENCH_MEMORY_DB;
  if (only !== 'postgres')
    await withTempDir('cwa-bench-memory-', (dataDir) =>
      measure(report, 'PGlite', { DATA_DIR: dataDir, DEMO_SEED: 'true' }),
    );
  if (only !== 'pglite')
    await withScratchDatabase('memory', (url) =>
      withTempDir('cwa-bench-memory-', (dataDir) =>
        measure(report, 'PostgreSQL', { DATA_DIR: dataDir, DEMO_SEED: 'true', DATABASE_URL: url }),
      ),
    );
  report.finish();
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
