/**
 * `npm run bench`: prints speed figures. A report, not a test: nothing here passes or fails.
 * Each bench runs in a process of its own, so one's leftovers (heap, PGlite's WASM memory) do not
 * slow the next.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runAsServer } from './start-command';

const BENCHES: [string, string][] = [
  ['platform: migrations, demo seed, session lookups', 'platform.bench.ts'],
  ['course list: one institution with 5,000 sections', 'course-list.bench.ts'],
  ['offer list: one institution with 5,000 offers', 'offer-list.bench.ts'],
  ['products: list of 200 products × 10 institutions; export of 1,000,000 pairings', 'products.bench.ts'],
  ['course copy: 1,000 copies in one request', 'copy.bench.ts'],
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
    'web bytes: what Chromium downloads for /login and /institution (compressed and raw), LCP',
    'web-bytes.bench.ts',
  ],
  ['load: 20 clients for 60 s, mixed reads and writes; PostgreSQL connections killed twice', 'load.bench.ts'],
  [
    'course list vs a bare Fastify route running the same SQL: 10 clients, 20 s, requests/s and ratio',
    'course-list-throughput.bench.ts',
  ],
  [
    'production start: `npm run start:prod` on the demo world, later start to /readyz and idle RSS (PGlite, PostgreSQL)',
    'production-start.bench.ts',
  ],
  [
    'memory: RSS of `npm start` with the demo world idle, under a mixed load (BENCH_MEMORY_SECONDS, 600), later start, peak during a 10,000-row .xlsx import',
    'memory.bench.ts',
  ],
];

/**
 * Benches whose figures are the app's (its memory, or its speed against a bare server), run in the
 * bench's own process: that process is set up as `npm start` sets up the server (runAsServer). The
 * others keep Node's defaults (the scale bench's ×50 seeding is a bench's work, not the server's).
 */
const APP_FIGURES = new Set([
  'products.bench.ts',
  'bulk-accounts.bench.ts',
  'course-list-throughput.bench.ts',
  'load.bench.ts',
]);

let failed = 0;
for (const [title, file] of BENCHES) {
  console.log(`\n== ${title} ==`);
  const path = fileURLToPath(new URL(file, import.meta.url));
  const r = APP_FIGURES.has(file)
    ? runAsServer(path)
    : spawnSync(process.execPath, ['--import', 'tsx', path], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
