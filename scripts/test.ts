/**
 * `npm test`: unit and API suites on PGlite, again on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL
 * is set, then the operations checks (ops/: the production install in a clean folder, npm start's
 * signals; once, not per database), then the browser tests. Prints one closing line "Tests: N passed,
 * N failed" and exits non-zero when anything failed. `--no-e2e` skips the browser tests;
 * `--only pglite|postgres|ops|e2e` runs one pass.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

interface Pass {
  name: string;
  config: string;
  env: Record<string, string | undefined>;
}
const passes: Pass[] = [];
if (!only || only === 'pglite')
  passes.push({ name: 'pglite', config: 'vitest.config.ts', env: { TEST_DATABASE_URL: undefined } });
if ((!only || only === 'postgres') && pgUrl) {
  passes.push({ name: 'postgres', config: 'vitest.config.ts', env: { TEST_DATABASE_URL: pgUrl } });
}
if (!only || only === 'ops')
  passes.push({ name: 'ops', config: 'vitest.ops.config.ts', env: { TEST_DATABASE_URL: undefined } });
if (
  (!only || only === 'e2e') &&
  !args.includes('--no-e2e') &&
  existsSync(join(root, 'vitest.e2e.config.ts'))
) {
  passes.push({ name: 'e2e', config: 'vitest.e2e.config.ts', env: {} });
}

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const failures: string[] = [];
for (const pass of passes) {
  console.log(`\n=== ${pass.name} ===`);
  const out = join(reportDir, `vitest-${pass.name}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, ...pass.env, DATABASE_URL: undefined };
  for (const [k, v] of Object.entries(pass.env)) if (v === undefined) delete env[k];
  delete env.DATABASE_URL;
  const r = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    ['run', '--config', pass.config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, stdio: 'inherit', env },
  );
  if (!existsSync(out)) {
    console.error(`${pass.name}: vitest wrote no report (exit ${r.status})`);
    broken = true;
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (r.status !== 0 && report.numFailedTests === 0) {
    console.error(`${pass.name}: vitest exited ${r.status} (a suite failed to load or a hook failed)`);
    broken = true;
  }
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') {
        // the message and its diff, without the stack: enough to act on from the last lines of a log
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')
          .filter((line) => !/^\s+at /.test(line))
          .slice(0, 24)
          .join('\n    ');
        failures.push(`${pass.name}: ${file.name.replace(root, '')} › ${t.fullName}\n    ${why}`);
      }
    }
  }
  console.log(`${pass.name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (!pgUrl && (!only || only === 'postgres')) {
  console.log(
    '\nPostgreSQL pass skipped: set TEST_DATABASE_URL (or DATABASE_URL) to run the suites on PostgreSQL too.',
  );
}
// Repeated at the end so that the last lines of a long log always name what failed.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0);
