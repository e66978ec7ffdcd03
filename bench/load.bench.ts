/**
 * Load and fault figures: 20 concurrent clients for 60 s (BENCH_LOAD_SECONDS,
 * BENCH_LOAD_CLIENTS) on a mixed read/write set of the /institution, /users and alerts calls, as
 * the registrar persona on the demo world, over real HTTP to 127.0.0.1, on PGlite and on PostgreSQL
 * (a scratch database, see databases.ts). Prints requests/s, p50/p95/p99 for reads and for writes,
 * and answers by status. During the PostgreSQL run a separate client kills the app's connections
 * twice (pg_terminate_backend): reported are the 5xx answers to reads (should be 0) and whether
 * every write answered 2xx is in the database afterwards (each write sets a unique marker; the
 * last 2xx marker of every course and user is re-read at the end).
 * A report, not a test.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { alertsApi } from '../src/shared/contract/alerts';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { usersApi } from '../src/shared/contract/users';
import { routeCaller } from './api';
import { onPglite, onScratchPostgres, PG_URL } from './databases';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 20);
const PASSWORD = 'demo-pass-1';
/** Share of writes in the mix. */
const WRITE_SHARE = 0.3;

interface Sample {
  kind: 'read' | 'write';
  status: number;
  ms: number;
}

interface Target {
  sectionId: number;
  version: number;
  startDate: string;
  endDate: string;
  userId: number;
  groupId: number;
  email: string;
  /** The marker of the last write answered 2xx, per entity. */
  lastCourse?: string;
  lastUser?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
type Answer = { status: number; json: () => any };
type Call = ReturnType<typeof routeCaller<Answer>>;

function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const editBody = (
  t: Pick<Target, 'sectionId' | 'startDate' | 'endDate'>,
  version: number,
  courseName: string,
) => ({
  sectionId: t.sectionId,
  version,
  courseName,
  startDate: t.startDate,
  endDate: t.endDate,
});

const userBody = (u: { id: number; email: string; groupId: number }, lastName: string) => ({
  userId: u.id,
  firstName: 'Bench',
  lastName,
  email: u.email,
  groupId: u.groupId,
});

/** The registrar's first institution and one course and one user per client that the registrar may edit. */
async function findTargets(database: Database, call: Call) {
  const { rows: orgs } = await database.sql.executeSql(
    `select g.context_id as id from group_members gm join groups g on g.id = gm.group_id
       join users u on u.id = gm.user_id join institutions i on i.id = g.context_id
      where u.username = 'registrar' order by i.display_name limit 1`,
  );
  const org = Number(orgs[0].id);
  const { rows: secs } = await database.sql.executeSql(
    `select id from sections where institution_id = $1 and parent_section_id is null order by id limit 300`,
    [org],
  );
  const { rows: members } = await database.sql.executeSql(
    `select u.id, u.email, g.id as group_id from users u join group_members gm on gm.user_id = u.id
       join groups g on g.id = gm.group_id
      where g.context_id = $1 and u.username <> 'registrar' order by u.id limit 300`,
    [org],
  );
  const sectionIds = secs.map((r: { id: number }) => Number(r.id));
  const users = members.map((m: { id: number; email: string; group_id: number }) => ({
    id: Number(m.id),
    email: m.email,
    groupId: Number(m.group_id),
  }));
  // A probe write each (not counted) keeps only what the registrar may edit.
  const targets: Target[] = [];
  while (targets.length < CLIENTS && sectionIds.length && users.length) {
    const sectionId = sectionIds.shift()!;
    const d = await call(coursesApi.details, { query: { sectionId } });
    if (d.status !== 200) continue;
    const c = d.json().course;
    const dates = { sectionId, startDate: c.startDate, endDate: c.endDate };
    const e = await call(coursesApi.editSection, { body: editBody(dates, c.version, c.courseName) });
    if (e.status !== 200) continue;
    let user: (typeof users)[number] | undefined;
    while (!user && users.length) {
      const u = users.shift()!;
      const r = await call(usersApi.editPiUser, {
        query: { organizationId: org },
        body: userBody(u, 'Probe'),
      });
      if (r.status === 200) user = u;
    }
    if (!user) break;
    targets.push({
      ...dates,
      version: e.json().course.version,
      userId: user.id,
      groupId: user.groupId,
      email: user.email,
    });
  }
  if (targets.length < CLIENTS) throw new Error(`only ${targets.length} editable course/user pairs found`);
  return { org, targets };
}

async function runLoad(database: Database, name: string, killer?: () => Promise<number>) {
  await seedDemo(database.db, { password: PASSWORD, internalGroupId: 'ead-internal-dev' });
  const config = loadConfig({ LOG_LEVEL: 'silent', ROLE: 'api', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    let token = '';
    const call = routeCaller<Answer>(async ({ method, url, body }) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        // A request that never ends is counted as "no answer" instead of stopping the bench.
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) };
    });
    const login = await call(authApi.login, { body: { username: 'registrar', password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    token = login.json().token;
    const { org, targets } = await findTargets(database, call);

    const samples: Sample[] = [];
    const load: LoadRun = { call, org, targets, name, samples, seq: 0, until: 0 };
    const started = performance.now();
    load.until = started + SECONDS * 1000;
    const kills: Promise<number>[] = [];
    const timers = killer
      ? [1 / 3, 2 / 3].map((f) => setTimeout(() => kills.push(killer()), SECONDS * 1000 * f))
      : [];
    await Promise.all(targets.map((t) => client(load, t)));
    const elapsed = (performance.now() - started) / 1000;
    for (const t of timers) clearTimeout(t);
    const killed = await Promise.all(kills);
    const { lost, checked } = await checkLastWrites(database, targets);
    return { samples, elapsed, killed, lost, checked };
  } finally {
    await app.close();
  }
}

/** What the clients of one run share. */
interface LoadRun {
  call: Call;
  org: number;
  targets: Target[];
  name: string;
  samples: Sample[];
  /** Numbers the write markers. */
  seq: number;
  until: number;
}

function read({ call, org, targets }: LoadRun) {
  const reads = [
    () => call(coursesApi.list, { query: { organizationId: org } }),
    () => call(coursesApi.list, { query: { organizationId: org, queryString: 'a', page: 2 } }),
    () =>
      call(coursesApi.details, {
        query: { sectionId: targets[Math.floor(Math.random() * targets.length)].sectionId },
      }),
    () => call(usersApi.organizationSearch, { query: { organizationId: org } }),
    () => call(usersApi.organizationSearch, { query: { organizationId: org, q: 'a' } }),
    () => call(alertsApi.list, { query: { organizationId: org } }),
  ];
  return reads[Math.floor(Math.random() * reads.length)]();
}

/** Each client edits its own course and user, so that writes never race one another. */
async function client(load: LoadRun, t: Target) {
  const { call, samples } = load;
  while (performance.now() < load.until) {
    const s = performance.now();
    if (Math.random() >= WRITE_SHARE) {
      const r = await read(load).catch(() => undefined);
      samples.push({ kind: 'read', status: r?.status ?? 0, ms: performance.now() - s });
    } else if (Math.random() < 0.5) {
      await writeCourse(load, t, s);
    } else {
      const marker = `Load${++load.seq}`;
      const r = await call(usersApi.editPiUser, {
        query: { organizationId: load.org },
        body: userBody({ id: t.userId, email: t.email, groupId: t.groupId }, marker),
      }).catch(() => undefined);
      samples.push({ kind: 'write', status: r?.status ?? 0, ms: performance.now() - s });
      if (r?.status === 200) t.lastUser = marker;
    }
  }
}

async function writeCourse(load: LoadRun, t: Target, s: number) {
  const { call } = load;
  const marker = `Load ${load.name} ${++load.seq}`;
  const r = await call(coursesApi.editSection, { body: editBody(t, t.version, marker) }).catch(
    () => undefined,
  );
  load.samples.push({ kind: 'write', status: r?.status ?? 0, ms: performance.now() - s });
  if (r?.status === 200) {
    t.version = r.json().course.version;
    t.lastCourse = marker;
  } else {
    // 409, 503, ...: read the version again before the next write.
    const d = await call(coursesApi.details, { query: { sectionId: t.sectionId } }).catch(() => undefined);
    if (d?.status === 200) t.version = d.json().course.version;
  }
}

/** Every write answered 2xx is there: the last marker of each course and user. */
async function checkLastWrites(database: Database, targets: Target[]) {
  let lost = 0;
  for (const t of targets) {
    if (t.lastCourse) {
      const { rows } = await database.sql.executeSql('select course_name from sections where id = $1', [
        t.sectionId,
      ]);
      if (rows[0]?.course_name !== t.lastCourse) lost++;
    }
    if (t.lastUser) {
      const { rows } = await database.sql.executeSql('select last_name from users where id = $1', [t.userId]);
      if (rows[0]?.last_name !== t.lastUser) lost++;
    }
  }
  const checked = targets.filter((t) => t.lastCourse).length + targets.filter((t) => t.lastUser).length;
  return { lost, checked };
}

type Result = Awaited<ReturnType<typeof runLoad>>;

function show(name: string, r: Result) {
  const f = (x: number) => `${Math.round(x)} ms`;
  const line = (kind: Sample['kind'] | 'all') => {
    const ms = r.samples.filter((s) => kind === 'all' || s.kind === kind).map((s) => s.ms);
    const q = quantiles(ms);
    const label = kind === 'all' ? 'all   ' : `${kind}s`;
    return `    ${label}  ${String(ms.length).padStart(6)}  p50 ${f(q.p50)}  p95 ${f(q.p95)}  p99 ${f(q.p99)}`;
  };
  const byStatus = (kind: Sample['kind']) => {
    const m = new Map<number, number>();
    for (const s of r.samples) if (s.kind === kind) m.set(s.status, (m.get(s.status) ?? 0) + 1);
    return [...m]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k === 0 ? 'no answer' : k}: ${v}`)
      .join(', ');
  };
  console.log(
    `  ${name}: ${(r.samples.length / r.elapsed).toFixed(1)} requests/s over ${r.elapsed.toFixed(0)} s, ${CLIENTS} clients`,
  );
  console.log(line('read'));
  console.log(line('write'));
  console.log(line('all'));
  console.log(`    answers: reads { ${byStatus('read')} }; writes { ${byStatus('write')} }`);
  if (r.killed.length) {
    const read5xx = r.samples.filter((s) => s.kind === 'read' && s.status >= 500).length;
    console.log(
      `    connections killed: ${r.killed.join(' + ')} (two rounds of pg_terminate_backend); ` +
        `5xx on reads: ${read5xx}; 2xx writes lost: ${r.lost} of the ${r.checked} last markers re-read`,
    );
  }
}

/** pg_terminate_backend on every connection to `dbName` but the killer's own; returns how many. */
function connectionKiller(dbName: string) {
  return async () => {
    const killer = new pg.Client({ connectionString: PG_URL });
    await killer.connect();
    try {
      const { rows } = await killer.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      return rows.filter((r) => r.ok).length;
    } finally {
      await killer.end();
    }
  };
}

export async function benchLoad() {
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  console.log(
    `load: ${CLIENTS} clients for ${SECONDS} s, ${Math.round(WRITE_SHARE * 100)}% writes (edit course, edit user), ` +
      `reads: course list, course detail, user list/search, alerts; registrar on the demo world (machine load before: ${load})`,
  );
  // BENCH_DB=pglite or BENCH_DB=postgres runs one database only (as bench/products.bench.ts)
  if (process.env.BENCH_DB !== 'postgres') show('PGlite', await onPglite((db) => runLoad(db, 'pglite')));
  if (process.env.BENCH_DB !== 'pglite') {
    const scratch = `cwa_bench_load_${process.pid}`;
    show(
      'PostgreSQL',
      await onScratchPostgres('load', (db) => runLoad(db, 'pg', connectionKiller(scratch)), 10),
    );
  }
  console.log(
    `  (machine load after: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLoad().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
