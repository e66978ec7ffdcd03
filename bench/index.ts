/**
 * `npm run bench`: prints speed figures. A report, not a test: nothing here passes or fails.
 * Each bench runs in a process of its own, so one's leftovers (heap, PGlite's WASM memory) do not
 * slow the next.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES: [string, string][] = [
  ['platform: migrations, demo seed, session lookups', 'platform.bench.ts'],
  ['course list: one institution with 5,000 sections', 'course-list.bench.ts'],
  ['course copy: 1,000 copies in one request', 'copy.bench.ts'],
  ['bulk accounts: a 10,000-row .xlsx', 'bulk-accounts.bench.ts'],
];

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
let failed = 0;
for (const [title, file] of BENCHES) {
  console.log(`\n== ${title} ==`);
  const r = spawnSync(tsx, [fileURLToPath(new URL(file, import.meta.url))], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
