/**
 * Starts as users start the app: `npm start` and `npm run start:prod` spawned as npm itself (npm's own
 * start-up included), on a database holding the demo world, on PGlite (a fresh DATA_DIR) and on
 * PostgreSQL (a scratch database). `npm start` seeds at its first start (which also builds dist/ when
 * older than its sources and fills V8's compile cache); then LATER_STARTS (3) later starts of each
 * command are timed from spawn to the first 200 of /healthz, and /readyz (database and migrations
 * checked), with the CPU the process tree used until /healthz (which the machine's load does not
 * inflate), and the RSS of the whole process tree (npm's parent process and the node server below
 * it, /proc VmRSS summed) after BENCH_IDLE_SECONDS (5) idle. Targets: later start to /healthz ≤ 1.5 s
 * on both databases; idle RSS ≤ 150 MB on PostgreSQL. A report, not a test.
 */
import { processRss, startWithNpm, treeCpuSeconds, treeRss, withTempDir } from './app-process';
import { withScratchDatabase } from './databases';
import { BenchReport } from './report';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const LATER_STARTS = Number(process.env.BENCH_LATER_STARTS ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** One start: ms to /healthz and to /readyz, CPU to /healthz, tree RSS after the idle wait. */
async function startOnce(env: Record<string, string>, npmArgs: string[]) {
  const app = await startWithNpm({ ...env, LOG_LEVEL: 'warn' }, { npmArgs });
  try {
    const cpu = treeCpuSeconds(app.pid);
    const started = performance.now() - app.startMs;
    for (;;) {
      const res = await fetch(`${app.base}/readyz`).catch(() => undefined);
      if (res?.status === 200) break;
      if (performance.now() - started > 120_000) throw new Error('no /readyz 200 within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return {
      ms: app.startMs,
      readyMs,
      cpu,
      rss: treeRss(app.pid),
      npmRss: processRss(app.pid),
      built: app.built,
    };
  } finally {
    await app.stop();
  }
}

async function measure(report: BenchReport, name: string, env: Record<string, string>) {
  const first = await startOnce({ ...env, DEMO_SEED: 'true' }, ['start']);
  report.note(
    `${name}: first \`npm start\` (migrations, demo seed${first.built ? ', build' : ''}) ${(first.ms / 1000).toFixed(1)} s to /healthz`,
  );
  for (const [command, npmArgs] of [
    ['npm start', ['start']],
    ['npm run start:prod', ['run', 'start:prod']],
  ] as const) {
    const runs = [];
    const prod: Record<string, string> = command.endsWith('start:prod') ? { NODE_ENV: 'production' } : {};
    for (let i = 0; i < LATER_STARTS; i++)
      runs.push(await startOnce({ ...env, ...prod, DEMO_SEED: 'false' }, [...npmArgs]));
    const s = runs.map((r) => r.ms / 1000);
    const later = median(s);
    report.row(
      `${name}, later \`${command}\` to /healthz (median of ${LATER_STARTS})`,
      '≤ 1.5 s',
      `${later.toFixed(2)} s (${s.map((x) => x.toFixed(2)).join(' / ')}); /readyz ${(median(runs.map((r) => r.readyMs)) / 1000).toFixed(2)} s; CPU to /healthz ${median(runs.map((r) => r.cpu)).toFixed(2)} s`,
      later <= 1.5,
    );
    const rss = median(runs.map((r) => mb(r.rss)));
    const pg = name === 'PostgreSQL';
    report.row(
      `${name}, \`${command}\` idle RSS, npm + node tree`,
      pg ? '≤ 150 MB' : '',
      `${rss} MB (${runs.map((r) => mb(r.rss)).join(' / ')}); of it npm's own process ${median(runs.map((r) => mb(r.npmRss)))} MB`,
      pg ? rss <= 150 : undefined,
    );
  }
}

const report = new BenchReport(
  'production-start',
  'Start: `npm start` and `npm run start:prod` spawned as npm, later starts on the seeded demo world',
);
if (process.env.BENCH_START_DB !== 'postgres')
  await withTempDir('cwa-bench-start-', (dataDir) => measure(report, 'PGlite', { DATA_DIR: dataDir }));
if (process.env.BENCH_START_DB !== 'pglite')
  await withScratchDatabase('prodstart', (url) =>
    withTempDir('cwa-bench-start-pg-', (dataDir) =>
      measure(report, 'PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }),
    ),
  );
report.finish();
