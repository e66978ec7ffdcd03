/**
 * Inclusive access: the institution overview (dashboard) and the census report (JSON, per-student
 * CSV and .xlsx) of the registrar's first institution, on the demo world ×1 and ×10, on PostgreSQL
 * and PGlite, through the real app, sequential requests, the databases taking turns call by call.
 * Target: the dashboard's p95 ≤ 50 ms at ×10 on PostgreSQL.
 *
 * Each world is seeded once and kept: PostgreSQL database cwa_ia_scale<N> on the bench server,
 * PGlite directory data/bench/pglite-ia-scale-<N>. A database that already holds one is only migrated.
 * IA_PG=1,10 and IA_PGLITE=1,10 choose the scales (empty: none); IA_DASHBOARD_CALLS (default 200)
 * and IA_REPORT_CALLS (default 20) the timed calls per figure; IA_SEED_ONLY=1 seeds and stops.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { inclusiveAccessApi } from '../src/shared/contract/inclusive-access';
import { bearer, login } from '../src/server/test/fixtures';
import { PG_URL, percentiles, scalesOf, seedBenchWorld } from './databases';

const INTERNAL_GROUP = 'ead-internal-dev';
const TARGET_MS = 50;
const PG_SCALES = scalesOf(process.env.IA_PG, '1,10');
const PGLITE_SCALES = scalesOf(process.env.IA_PGLITE, '1,10');
const DASHBOARD_CALLS = Number(process.env.IA_DASHBOARD_CALLS ?? 200);
const REPORT_CALLS = Number(process.env.IA_REPORT_CALLS ?? 20);

interface Call {
  name: string;
  calls: number;
  warmUp: number;
  url: (inst: number) => string;
}
const CALLS: Call[] = [
  {
    name: 'dashboard (overview)',
    calls: DASHBOARD_CALLS,
    warmUp: 10,
    url: (i) => `${inclusiveAccessApi.dashboard.path}?organizationId=${i}`,
  },
  {
    name: 'census report, JSON, current',
    calls: REPORT_CALLS,
    warmUp: 2,
    url: (i) => `${inclusiveAccessApi.censusReport.path}?organizationId=${i}`,
  },
  {
    name: 'census per-student CSV, current',
    calls: REPORT_CALLS,
    warmUp: 2,
    url: (i) => `${inclusiveAccessApi.censusStudents.path}?organizationId=${i}&format=csv`,
  },
  {
    name: 'census per-student .xlsx, current',
    calls: REPORT_CALLS,
    warmUp: 2,
    url: (i) => `${inclusiveAccessApi.censusStudents.path}?organizationId=${i}&format=xlsx`,
  },
];

interface Target {
  label: string;
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>;
  dataDir: string;
  inst: number;
  headers: Record<string, string>;
}

async function pgDatabase(scale: number): Promise<string> {
  const name = `cwa_ia_scale${scale}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const prepare = (database: Database, scale: number, label: string) =>
  seedBenchWorld(database, { scale, label, internalGroupId: INTERNAL_GROUP });

async function openTarget(database: Database, label: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-ia-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', INTERNAL_GROUP_ID: INTERNAL_GROUP }),
    { database, logger: false },
  );
  await app.ready();
  const row = (
    await database.sql.executeSql(
      `select min(g.context_id) id from group_members gm join groups g on g.id = gm.group_id
       join users u on u.id = gm.user_id where u.username = 'registrar'`,
    )
  ).rows[0];
  const inst = Number(row.id);
  const counts = (
    await database.sql.executeSql(
      `select (select count(*) from sections where institution_id = ${inst} and deleted_at is null)::int s,
       (select count(*) from enrollments e join sections s on s.id = e.section_id
        where s.institution_id = ${inst})::int e, (select count(*) from enrollments)::int all_e`,
    )
  ).rows[0];
  console.log(
    `  ${label}: institution ${inst} holds ${counts.s} sections, ${counts.e} enrollments (${counts.all_e} in all)`,
  );
  const headers = bearer(await login(app, 'registrar', 'demo-pass-1'));
  return { label, database, app, dataDir, inst, headers };
}

async function timeOne(t: Target, url: string) {
  const started = performance.now();
  const res = await t.app.inject({ url, headers: t.headers });
  const ms = performance.now() - started;
  if (res.statusCode !== 200)
    throw new Error(`${t.label} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return ms;
}

async function measure(targets: Target[]) {
  const table: string[] = [
    `| call | ${targets.map((t) => `${t.label} p50 / p95 ms`).join(' | ')} | target |`,
    `|---|${targets.map(() => '---').join('|')}|---|`,
  ];
  for (const call of CALLS) {
    const times = targets.map(() => [] as number[]);
    for (let i = 0; i < call.warmUp + call.calls; i++)
      for (let k = 0; k < targets.length; k++) {
        const ms = await timeOne(targets[k], call.url(targets[k].inst));
        if (i >= call.warmUp) times[k].push(ms);
      }
    const cells = targets.map((_, k) => {
      const { p50, p95 } = percentiles(times[k]);
      return `${p50.toFixed(1)} / ${p95.toFixed(1)}`;
    });
    let target = '—';
    if (call.name.startsWith('dashboard')) {
      const k = targets.findIndex((t) => t.label === 'PostgreSQL ×10');
      const p95 = k >= 0 ? percentiles(times[k]).p95 : null;
      target = `p95 ≤ ${TARGET_MS} ms at PostgreSQL ×10${p95 === null ? '' : p95 <= TARGET_MS ? ': met' : ': MISSED'}`;
    }
    console.log(`    ${`${call.name} (${call.calls} calls)`.padEnd(44)} ${cells.join('  ')}  ${target}`);
    table.push(`| ${call.name} (${call.calls} calls) | ${cells.join(' | ')} | ${target} |`);
  }
  return table.join('\n');
}

export async function benchInclusiveAccess() {
  const targets: Target[] = [];
  const seedOnly = process.env.IA_SEED_ONLY === '1';
  try {
    for (const scale of PG_SCALES) {
      const label = `PostgreSQL ×${scale}`;
      const database = openDatabase({ databaseUrl: await pgDatabase(scale), poolMax: 10 });
      await prepare(database, scale, label);
      if (seedOnly) await database.close();
      else targets.push(await openTarget(database, label));
    }
    for (const scale of PGLITE_SCALES) {
      const label = `PGlite ×${scale}`;
      const dir = join('data', 'bench', `pglite-ia-scale-${scale}`);
      mkdirSync(dir, { recursive: true });
      const database = openDatabase({ pgliteDir: dir });
      await prepare(database, scale, label);
      if (seedOnly) await database.close();
      else targets.push(await openTarget(database, label));
    }
    if (seedOnly) return;
    const md = await measure(targets);
    const load = loadavg().map((n) => n.toFixed(2));
    console.log(
      `\n  Warm-up calls (10 dashboard, 2 report), then sequential timed calls, the databases taking turns; ${new Date().toISOString()}, load average ${load.join(' ')} (1, 5, 15 min)\n\n${md}`,
    );
  } finally {
    for (const t of targets) {
      await t.app.close();
      await t.database.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchInclusiveAccess().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
