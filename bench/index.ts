/**
 * `npm run bench`: prints speed figures. A report, not a test: nothing here passes or fails.
 * Each bench runs in a process of its own, so one's leftovers (heap, PGlite's WASM memory) do not
 * slow the next. `npm run bench -- --write`: each bench that reports against targets (bench/report.ts)
 * also replaces its block in docs/performance.md's "Latest run of each bench" section.
 * `npm run bench -- copy scale`: only the benches whose file name contains one of the words.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runAsServer } from './start-command';

const BENCHES: [string, string][] = [
  ['platform: migrations, demo seed, session lookups', 'platform.bench.ts'],
  ['course list: one institution with 5,000 sections', 'course-list.bench.ts'],
  ['offer list: one institution with 5,000 offers', 'offer-list.bench.ts'],
  ['products: list of 200 products × 10 institutions; export of 1,000,000 pairings', 'products.bench.ts'],
  [
    'course copy: 1,000 (PGlite) and 10,000 (PostgreSQL) copies through the HTTP API of `npm start`',
    'copy.bench.ts',
  ],
  ['bulk accounts: a 10,000-row .xlsx', 'bulk-accounts.bench.ts'],
  ['LTI launch: 1,000 launches with a warm key cache', 'lti-launch.bench.ts'],
  ['audit log: filtered pages of an institution with 1,000,000 audit rows', 'audit.bench.ts'],
  [
    'scale: every list and search of six pages on the demo world ×1, ×10, ×50 (PostgreSQL) and ×1, ×10 (PGlite)',
    'scale.bench.ts',
  ],
  [
    'inclusive access: the dashboard and the census report (JSON, CSV, .xlsx) on the demo world ×1 and ×10 (PostgreSQL, PGlite)',
    'inclusive-access.bench.ts',
  ],
  [
    'web bytes: JS + CSS Chromium downloads for /login and /institution (compressed and raw), LCP over 9 loads',
    'web-bytes.bench.ts',
  ],
  ['load: 20 clients for 60 s, mixed reads and writes; PostgreSQL connections killed twice', 'load.bench.ts'],
  [
    'course list of `npm start` vs a bare Fastify route running the same SQL, separate processes: 10 clients, 20 s',
    'course-list-throughput.bench.ts',
  ],
  [
    'start: `npm start` and `npm run start:prod` spawned as npm, later start to /healthz, idle RSS of the npm + node tree',
    'production-start.bench.ts',
  ],
  [
    'memory: RSS of the `npm start` process tree with the demo world idle, under a mixed load (BENCH_MEMORY_SECONDS, 600), later start, peak during a 10,000-row .xlsx import',
    'memory.bench.ts',
  ],
];

/**
 * Benches that build the app in their own process and report its figures (memory, speed under
 * load): that process is set up as `npm start` sets up the server (runAsServer). The benches that
 * start the app with `npm start` itself (throughput, start, memory, copy, web bytes) and the others
 * keep Node's defaults (the scale bench's ×50 seeding is a bench's work, not the server's).
 */
const APP_FIGURES = new Set(['products.bench.ts', 'bulk-accounts.bench.ts', 'load.bench.ts']);

const args = process.argv.slice(2);
const env = args.includes('--write') ? { ...process.env, BENCH_WRITE: '1' } : process.env;
const only = args.filter((a) => !a.startsWith('--'));
let failed = 0;
for (const [title, file] of BENCHES) {
  if (only.length && !only.some((w) => file.includes(w))) continue;
  console.log(`\n== ${title} ==`);
  const path = fileURLToPath(new URL(file, import.meta.url));
  const r = APP_FIGURES.has(file)
    ? runAsServer(path, { env })
    : spawnSync(process.execPath, ['--import', 'tsx', path], { stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
