/**
 * Scale: every list and search call of the Users, Courses, Roles, EAD Admin, Offers and Products
 * pages on the demo world seeded at several scales (`--scale N` multiplies sections, students and
 * enrollments), through the real app, sequential requests, the databases taking turns call by call
 * (so the load of a shared machine weighs on every scale alike); p50 and p95 side by side.
 * Targets: p95 ≤ 50 ms at scale 50 on PostgreSQL, and scale-50 p95 ≤ 1.5 × scale-1 p95.
 *
 * Each scale is seeded once and kept: PostgreSQL database cwa_scale<N> on the bench server
 * (SCALE_PG_URL_<N> names another), PGlite directory data/bench/pglite-scale-<N>
 * (SCALE_PGLITE_DIR_<N>). A database that already holds the demo world is only migrated.
 * SCALE_PG=1,10,50 and SCALE_PGLITE=1,10 choose the scales (empty: none); SCALE_CALLS the timed
 * calls per figure (default 200, after 5 warm-up calls: a fixed count, not repeated until stable;
 * each p95 is printed with its 95 % confidence interval from the order statistics, ranks
 * n·0.95 ± 1.96·√(n·0.95·0.05), so a figure whose interval is wide is seen to be so). SCALE_EXPLAIN=1 prints, on PostgreSQL, the
 * sequential scans in EXPLAIN ANALYZE of every statement each call runs, and its slowest statement.
 * BENCH_SCALE_FIXED=1 names the registrar's second institution, seeded at its scale-1 size at every
 * scale (seedDemo's steadyInstitutions): the institution stays the same and only the rest of the
 * world grows, so the ratio between scales is the cost of the rest of the database alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { ORGANIZATIONS } from '../src/server/db/seed/world-data';
import { bearer, login } from '../src/server/test/fixtures';
import { alertsApi } from '../src/shared/contract/alerts';
import { auditApi } from '../src/shared/contract/audit';
import { coursesApi } from '../src/shared/contract/courses';
import { institutionsApi } from '../src/shared/contract/institutions';
import { internalUsersApi } from '../src/shared/contract/internal-users';
import { offersApi } from '../src/shared/contract/offers';
import { productsApi } from '../src/shared/contract/products';
import { rolesApi } from '../src/shared/contract/roles';
import { rostersApi } from '../src/shared/contract/rosters';
import { usersApi } from '../src/shared/contract/users';
import { type RouteRequest, routeRequest } from './api';
import { PG_URL, percentiles, scalesOf, seedBenchWorld } from './databases';
import { BenchReport } from './report';

const CALLS = Number(process.env.SCALE_CALLS ?? 200);
const WARM_UP = 5;
/** SCALE_ONLY: only the calls whose "page: name" contains this text. */
const ONLY = process.env.SCALE_ONLY ?? '';
const EXPLAIN = process.env.SCALE_EXPLAIN === '1';
/** With SCALE_EXPLAIN: the whole plan of statements slower than this (ms). */
const EXPLAIN_FULL_MS = Number(process.env.SCALE_EXPLAIN_FULL_MS ?? 5);
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;
const PG_SCALES = scalesOf(process.env.SCALE_PG, '1,10,50');
const PGLITE_SCALES = scalesOf(process.env.SCALE_PGLITE, '1,10');
const INTERNAL_GROUP = 'ead-internal-dev';
/**
 * The registrar's second institution keeps its scale-1 size (260 sections) at every scale: with
 * BENCH_SCALE_FIXED=1 the calls name it instead of the first, so only the rest of the world grows.
 */
const STEADY_INSTITUTION = 'brookfield-tech';
const FIXED = process.env.BENCH_SCALE_FIXED === '1';

/** What the calls name: the registrar's institution and things in it, found in the seeded world. */
interface World {
  inst: number;
  otherInst: number;
  organizationId: number;
  outsiderEmail: string;
  instructorId: number;
  sectionId: number;
  groupId: number;
  users: number;
  sections: number;
  enrollments: number;
  /** Live sections of `inst`. */
  instSections: number;
}

type Call = {
  page: string;
  name: string;
  who: 'registrar' | 'super';
  req: (w: World) => RouteRequest;
};

const search = (w: World, searchText: string, includeOtherInstitutions = false) =>
  routeRequest(usersApi.search, {
    body: { organizationId: w.inst, searchText, includeOtherInstitutions, page: 0, pageSize: 8 },
  });

export const CALL_LIST: Call[] = [
  { page: 'Users', name: 'list, empty search', who: 'registrar', req: (w) => search(w, '') },
  { page: 'Users', name: 'search "smith"', who: 'registrar', req: (w) => search(w, 'smith') },
  {
    page: 'Users',
    name: 'exact e-mail in other institutions',
    who: 'registrar',
    req: (w) => search(w, w.outsiderEmail.toUpperCase(), true),
  },
  {
    page: 'Users',
    name: "a user's sections",
    who: 'registrar',
    req: (w) =>
      routeRequest(usersApi.sections, { params: { id: w.instructorId }, query: { organizationId: w.inst } }),
  },
  {
    page: 'Courses',
    name: 'institution search "col"',
    who: 'super',
    req: () => routeRequest(institutionsApi.filterByName, { query: { name: 'col' } }),
  },
  {
    page: 'Courses',
    name: 'course list, current',
    who: 'registrar',
    req: (w) => routeRequest(coursesApi.list, { query: { organizationId: w.inst } }),
  },
  {
    page: 'Courses',
    name: 'course search "hist"',
    who: 'registrar',
    req: (w) => routeRequest(coursesApi.list, { query: { organizationId: w.inst, queryString: 'hist' } }),
  },
  {
    page: 'Courses',
    name: 'course list, all periods, page 5',
    who: 'registrar',
    req: (w) =>
      routeRequest(coursesApi.list, { query: { organizationId: w.inst, coursePeriod: 'ALL', page: 5 } }),
  },
  {
    page: 'Courses',
    name: 'master and child courses',
    who: 'registrar',
    req: (w) => routeRequest(coursesApi.masterChildList, { query: { organizationId: w.inst } }),
  },
  {
    page: 'Courses',
    name: 'roster of one section',
    who: 'registrar',
    req: (w) => routeRequest(rostersApi.roster, { query: { sectionId: w.sectionId } }),
  },
  {
    page: 'Courses',
    name: 'instructor search "smi"',
    who: 'registrar',
    req: (w) =>
      routeRequest(institutionsApi.instructors, { params: { organizationId: w.inst }, query: { q: 'smi' } }),
  },
  {
    page: 'Roles',
    name: 'roles of the institution',
    who: 'registrar',
    req: (w) => routeRequest(rolesApi.list, { query: { contextId: w.inst } }),
  },
  {
    page: 'Roles',
    name: 'members of a role',
    who: 'registrar',
    req: (w) => routeRequest(rolesApi.members, { query: { groupId: w.groupId } }),
  },
  {
    page: 'EAD Admin',
    name: 'internal users',
    who: 'super',
    req: () => routeRequest(internalUsersApi.list),
  },
  {
    page: 'EAD Admin',
    name: 'user-name lookup',
    who: 'super',
    req: () => routeRequest(usersApi.getUser, { params: { username: 'INTERNAL' } }),
  },
  {
    page: 'Offers',
    name: "institution's offers",
    who: 'registrar',
    req: (w) => routeRequest(offersApi.list, { query: { organizationId: w.inst } }),
  },
  {
    page: 'Offers',
    name: 'offer search "intro"',
    who: 'registrar',
    req: (w) => routeRequest(offersApi.list, { query: { organizationId: w.inst, q: 'intro' } }),
  },
  {
    page: 'Offers',
    name: 'two institutions compared',
    who: 'super',
    req: (w) => routeRequest(offersApi.compare, { body: { organizationIds: [w.inst, w.otherInst] } }),
  },
  {
    page: 'Products',
    name: 'organizations',
    who: 'super',
    req: () => routeRequest(productsApi.organizations),
  },
  {
    page: 'Products',
    name: 'organization view',
    who: 'super',
    req: (w) => routeRequest(productsApi.list, { params: { id: w.organizationId } }),
  },
  {
    page: 'Products',
    name: 'institution view, pairings',
    who: 'super',
    req: (w) =>
      routeRequest(productsApi.list, {
        params: { id: w.organizationId },
        query: { view: 'institution', pairing: 'true' },
      }),
  },
  {
    page: 'Products',
    name: 'ISBN digits "978"',
    who: 'super',
    req: (w) => routeRequest(productsApi.list, { params: { id: w.organizationId }, query: { isbn: '978' } }),
  },
  {
    page: 'Products',
    name: 'product name search "chem"',
    who: 'super',
    req: () => routeRequest(productsApi.search, { params: { x: 'chem' } }),
  },
  {
    page: 'Alerts',
    name: 'alerts list',
    who: 'registrar',
    req: (w) => routeRequest(alertsApi.list, { query: { organizationId: w.inst } }),
  },
  {
    page: 'Audit',
    name: 'audit log, first page',
    who: 'registrar',
    req: (w) => routeRequest(auditApi.page, { query: { organizationId: w.inst } }),
  },
  {
    page: 'Audit',
    name: 'audit log, filtered (sections, done, last 90 days)',
    who: 'registrar',
    req: (w) =>
      routeRequest(auditApi.page, {
        query: {
          organizationId: w.inst,
          entityType: 'section',
          outcome: 'done',
          from: new Date(Date.now() - 90 * 86_400_000).toISOString(),
        },
      }),
  },
];

async function one(database: Database, text: string) {
  return (await database.sql.executeSql(text)).rows[0];
}

async function findWorld(database: Database): Promise<World> {
  const steadyName = ORGANIZATIONS.flatMap((o) => o.institutions).find(
    (i) => i.key === STEADY_INSTITUTION,
  )?.name;
  // The registrar's first institution (it grows with the scale), or with BENCH_SCALE_FIXED the
  // steady one (its scale-1 size at every scale).
  const inst = Number(
    (
      await one(
        database,
        `select min(g.context_id) id from group_members gm join groups g on g.id = gm.group_id
         join users u on u.id = gm.user_id join institutions i on i.id = g.context_id
         where u.username = 'registrar'
           ${FIXED ? `and i.display_name = '${steadyName}'` : ''}`,
      )
    ).id,
  );
  if (!inst) throw new Error(`no institution of the registrar${FIXED ? ` named ${steadyName}` : ''}`);
  const q = (text: string) => one(database, text);
  const other =
    await q(`select m.institution_id inst, u.email from memberships m join users u on u.id = m.user_id
    where m.institution_id <> ${inst} and m.course_role <> 'student'
      and not exists (select 1 from memberships x where x.user_id = u.id and x.institution_id = ${inst})
      and not exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                      where gm.user_id = u.id and g.context_id = ${inst})
    order by u.id limit 1`);
  const instructor = await q(`select si.user_id id, count(*) n from section_instructors si
    join sections s on s.id = si.section_id where s.institution_id = ${inst} group by si.user_id order by n desc, si.user_id limit 1`);
  const section =
    await q(`select s.id from sections s where s.institution_id = ${inst} and s.deleted_at is null
      and s.start_date <= current_date and s.end_date >= current_date
      and exists (select 1 from enrollments e where e.section_id = s.id)
    order by s.id limit 1`);
  const group = await q(`select id from groups where context_id = ${inst} order by id limit 1`);
  const org = await q(`select organization_id id from institutions where id = ${inst}`);
  const counts =
    await q(`select (select count(*) from users)::int users, (select count(*) from sections)::int sections,
    (select count(*) from enrollments)::int enrollments,
    (select count(*) from sections where institution_id = ${inst} and deleted_at is null)::int inst_sections`);
  return {
    inst,
    otherInst: Number(other.inst),
    organizationId: Number(org.id),
    outsiderEmail: other.email,
    instructorId: Number(instructor.id),
    sectionId: Number(section.id),
    groupId: Number(group.id),
    users: counts.users,
    sections: counts.sections,
    enrollments: counts.enrollments,
    instSections: counts.inst_sections,
  };
}

/** Migrates, and seeds the demo world at `scale` unless the database already has one. */
const prepare = (database: Database, scale: number, label: string) =>
  seedBenchWorld(database, {
    scale,
    label,
    internalGroupId: INTERNAL_GROUP,
    steadyInstitutions: [STEADY_INSTITUTION],
  });

/** Ensures the PostgreSQL database exists (created empty when missing); returns its URL. */
async function pgDatabase(scale: number): Promise<string> {
  const named = process.env[`SCALE_PG_URL_${scale}`];
  if (named) return named;
  const url = new URL(PG_URL);
  url.pathname = `/cwa_scale${scale}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [`cwa_scale${scale}`]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE cwa_scale${scale}`);
  } finally {
    await admin.end();
  }
  return url.toString();
}

/** Statements run while `captured` is set (PostgreSQL): every client query, its text, values and time. */
let captured: { text: string; values?: unknown[]; ms: number }[] | null = null;
if (EXPLAIN) {
  const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads, passed through unchanged.
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : config?.text;
    const vals = Array.isArray(values) ? values : config?.values;
    if (!captured || typeof text !== 'string') return original.apply(this, args);
    const entry = { text, values: vals, ms: 0 };
    captured.push(entry);
    const started = performance.now();
    const done = () => {
      entry.ms = performance.now() - started;
    };
    const last = args.at(-1);
    if (typeof last === 'function')
      return original.apply(this, [
        ...args.slice(0, -1),
        (...r: unknown[]) => {
          done();
          return last(...r);
        },
      ]);
    const out = original.apply(this, args);
    if (out instanceof Promise) out.then(done, () => {});
    return out;
  };
}

async function explainCall(
  database: Database,
  statements: { text: string; values?: unknown[]; ms: number }[],
) {
  let slowest = { ms: 0, text: '' };
  const total = statements.reduce((n, s) => n + s.ms, 0);
  console.log(
    `        ${statements.length} statements, ${total.toFixed(1)} ms in the database (as the app saw them)`,
  );
  for (const s of statements)
    if (s.ms > EXPLAIN_FULL_MS)
      console.log(`        ${s.ms.toFixed(1)} ms: ${s.text.replace(/\s+/g, ' ').slice(0, 200)}`);
  for (const s of statements.filter((x) => /^\s*(select|with|\()/i.test(x.text))) {
    const rows = (await database.sql.executeSql(`explain (analyze, buffers) ${s.text}`, s.values)).rows;
    const lines = rows.map((r) => r['QUERY PLAN'] as string);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0);
    if (ms > slowest.ms) slowest = { ms, text: s.text.replace(/\s+/g, ' ').slice(0, 160) };
    if (ms > EXPLAIN_FULL_MS)
      console.log(
        `        ${s.text}\n        ${JSON.stringify(s.values)}\n          ${lines.join('\n          ')}`,
      );
    for (const l of lines)
      if (/Seq Scan on (users|enrollments|sections|memberships|section_instructors|group_members)\b/.test(l))
        console.log(`        SEQ ${l.trim()}   ← ${s.text.replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  console.log(`        slowest statement ${slowest.ms.toFixed(1)} ms: ${slowest.text}`);
}

type Figure = { p50: number; p95: number; low: number; high: number };

/** p50, p95 and the p95's 95 % confidence interval (order statistics, normal approximation). */
function figureOf(ms: number[]): Figure {
  const sorted = [...ms].sort((a, b) => a - b);
  const n = sorted.length;
  const spread = 1.96 * Math.sqrt(n * 0.95 * 0.05);
  const at = (rank: number) => sorted[Math.max(0, Math.min(n - 1, Math.round(rank) - 1))];
  const { p50, p95 } = percentiles(ms);
  return { p50, p95, low: at(n * 0.95 - spread), high: at(n * 0.95 + spread + 1) };
}
type Result = { label: string; world: World; figures: Map<string, Figure> };

/** One database at one scale, its app, the world it holds and the two sessions. */
interface Target {
  label: string;
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>;
  dataDir: string;
  world: World;
  headers: Record<Call['who'], Record<string, string>>;
}

async function openTarget(database: Database, label: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-scale-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', INTERNAL_GROUP_ID: INTERNAL_GROUP }),
    { database, logger: false },
  );
  await app.ready();
  const world = await findWorld(database);
  console.log(
    `  ${label}: ${world.users} users, ${world.sections} sections, ${world.enrollments} enrollments; institution ${world.inst} holds ${world.instSections} sections`,
  );
  const headers = {
    registrar: bearer(await login(app, 'registrar', 'demo-pass-1')),
    super: bearer(await login(app, 'super', 'demo-pass-1')),
  };
  return { label, database, app, dataDir, world, headers };
}

function injector(t: Target, call: Call) {
  const r = call.req(t.world);
  return async () => {
    const started = performance.now();
    const res = await t.app.inject({ ...r, headers: t.headers[call.who] });
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(
        `${t.label} ${call.page} ${call.name}: ${r.url} answered ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    return ms;
  };
}

/**
 * Times every call on every target, the targets taking turns call by call: on a shared machine
 * the load then weighs on all scales alike, so their ratio means something.
 */
async function measure(targets: Target[]): Promise<Result[]> {
  const results = targets.map((t) => ({
    label: t.label,
    world: t.world,
    figures: new Map<string, Figure>(),
  }));
  for (const call of CALL_LIST.filter((c) => `${c.page}: ${c.name}`.includes(ONLY))) {
    const key = `${call.page}: ${call.name}`;
    const runs = targets.map((t) => injector(t, call));
    const times = targets.map(() => [] as number[]);
    for (let i = 0; i < WARM_UP + CALLS; i++)
      for (let k = 0; k < targets.length; k++) {
        const ms = await runs[k]();
        if (i >= WARM_UP) times[k].push(ms);
      }
    const line = targets.map((t, k) => {
      const f = figureOf(times[k]);
      results[k].figures.set(key, f);
      return `${t.label} ${f.p50.toFixed(1)}/${f.p95.toFixed(1)} (${f.low.toFixed(1)}-${f.high.toFixed(1)})`;
    });
    console.log(`    ${key.padEnd(46)} ${line.join('  ')}`);
    if (EXPLAIN)
      for (const t of targets.filter((x) => x.database.kind === 'postgres')) {
        console.log(`      ${t.label}`);
        captured = [];
        await injector(t, call)();
        const statements = captured;
        captured = null;
        await explainCall(t.database, statements);
      }
  }
  return results;
}

const fmt = (f?: Figure) => (f ? `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}` : '');

function table(results: Result[]) {
  const pgAt = (n: number) => results.find((r) => r.label === `PostgreSQL ×${n}`);
  const first = pgAt(1);
  const biggest = [...results].filter((r) => r.label.startsWith('PostgreSQL')).at(-1);
  const head = [
    'call',
    ...results.map((r) => `${r.label} p50 / p95 ms`),
    ...(first && biggest && biggest !== first
      ? [`p95 ${biggest.label.split(' ')[1]} / ×1`, `target: p95 ≤ ${TARGET_MS} ms and ≤ ${TARGET_RATIO}× ×1`]
      : []),
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const call of CALL_LIST) {
    const key = `${call.page}: ${call.name}`;
    const cells = [key, ...results.map((r) => fmt(r.figures.get(key)))];
    if (first && biggest && biggest !== first) {
      const a = first.figures.get(key);
      const b = biggest.figures.get(key);
      if (a && b) {
        const ratio = b.p95 / a.p95;
        cells.push(
          ratio.toFixed(2),
          `${b.p95 <= TARGET_MS ? 'met' : 'MISSED'} / ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
        );
      }
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export async function benchScale() {
  const bench = new BenchReport(
    FIXED ? 'scale-fixed' : 'scale',
    `Scale: every list and search on the demo world ×${PG_SCALES.join(', ×')} (PostgreSQL) and ×${PGLITE_SCALES.join(', ×')} (PGlite)${FIXED ? ', fixed institution' : ', growing institution'}, through the app`,
  );
  const targets: Target[] = [];
  try {
    for (const scale of PG_SCALES) {
      const label = `PostgreSQL ×${scale}`;
      const database = openDatabase({ databaseUrl: await pgDatabase(scale), poolMax: 10 });
      await prepare(database, scale, label);
      targets.push(await openTarget(database, label));
    }
    for (const scale of PGLITE_SCALES) {
      const label = `PGlite ×${scale}`;
      const dir = process.env[`SCALE_PGLITE_DIR_${scale}`] ?? join('data', 'bench', `pglite-scale-${scale}`);
      mkdirSync(dir, { recursive: true });
      const database = openDatabase({ pgliteDir: dir });
      await prepare(database, scale, label);
      targets.push(await openTarget(database, label));
    }
    await report(await measure(targets), bench);
  } finally {
    for (const t of targets) {
      await t.app.close();
      await t.database.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  }
}

/** Each call at the largest PostgreSQL scale against its targets, for docs/performance.md. */
function reportTargets(bench: BenchReport, results: Result[]) {
  const pgs = results.filter((r) => r.label.startsWith('PostgreSQL'));
  const first = pgs.find((r) => r.label === 'PostgreSQL ×1');
  const biggest = pgs.at(-1);
  if (!first || !biggest || first === biggest) return;
  const ci = (f: Figure) => `${f.p95.toFixed(1)} ms (95 % CI ${f.low.toFixed(1)}-${f.high.toFixed(1)})`;
  for (const call of CALL_LIST) {
    const key = `${call.page}: ${call.name}`;
    const a = first.figures.get(key);
    const b = biggest.figures.get(key);
    if (!a || !b) continue;
    const ratio = b.p95 / a.p95;
    bench.row(
      `${key}, p95 ${biggest.label}`,
      `≤ ${TARGET_MS} ms and ≤ ${TARGET_RATIO}× ×1`,
      `${ci(b)}; ×1 ${ci(a)}; ${ratio.toFixed(2)}×`,
      b.p95 <= TARGET_MS && ratio <= TARGET_RATIO,
    );
  }
}

async function report(results: Result[], bench: BenchReport) {
  console.log(
    `\n  ${CALLS} sequential calls per figure after ${WARM_UP} warm-up, the databases taking turns; target p95 ≤ ${TARGET_MS} ms at the largest PostgreSQL scale and ≤ ${TARGET_RATIO}× scale 1\n`,
  );
  for (const r of results)
    console.log(
      `  ${r.label}: ${r.world.users} users, ${r.world.sections} sections, ${r.world.enrollments} enrollments; institution ${r.world.inst} holds ${r.world.instSections} sections`,
    );
  const load = loadavg().map((n) => n.toFixed(2));
  console.log(
    `  ${new Date().toISOString()}, load average ${load.join(' ')} (1, 5, 15 min)${FIXED ? ', BENCH_SCALE_FIXED' : ''}`,
  );
  const md = table(results);
  console.log(`\n${md}`);
  reportTargets(bench, results);
  bench.note(
    `${CALLS} sequential calls per figure after ${WARM_UP} warm-up (a fixed count; each p95 with its 95 % confidence interval), the databases taking turns call by call. ${results.map((r) => `${r.label}: ${r.world.sections} sections, institution ${r.world.inst} holds ${r.world.instSections}`).join('; ')}.`,
  );
  bench.appendMarkdown(`All scales, p50 / p95 ms:\n\n${md}`);
  bench.finish();
  mkdirSync(join('data', 'bench'), { recursive: true });
  writeFileSync(join('data', 'bench', FIXED ? 'scale-table-fixed.md' : 'scale-table.md'), `${md}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchScale().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
