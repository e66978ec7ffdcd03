/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind five hot calls, on a PostgreSQL database that
 * already holds the demo world (seed it with bench/scale.bench.ts): the course list page (current
 * period, and all periods page 5), course search "hist", a user's sections and the products
 * institution view with pairings. Each call runs once through the real app while its statements
 * are captured; every statement that reads sections, section_instructors, offers or pairings is
 * then explained with the values it ran with, after `PLANS_WARM` untimed calls (default 3).
 *
 *   PLANS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/cwa_scale50 npx tsx bench/query-plans.ts
 *
 * PLANS_ONLY=<text> keeps the calls whose name contains it; PLANS_SHORT=1 prints only the plan
 * lines that name a scan, a sort, a limit or the totals (what docs/performance.md quotes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { bearer, login } from '../src/server/test/fixtures';
import { coursesApi } from '../src/shared/contract/courses';
import { productsApi } from '../src/shared/contract/products';
import { usersApi } from '../src/shared/contract/users';
import { type RouteRequest, routeRequest } from './api';

const URL_ = process.env.PLANS_DATABASE_URL;
const ONLY = process.env.PLANS_ONLY ?? '';
const SHORT = process.env.PLANS_SHORT === '1';
const WARM = Number(process.env.PLANS_WARM ?? 3);
const INTERNAL_GROUP = 'ead-internal-dev';

type Statement = { text: string; values?: unknown[] };
let captured: Statement[] | null = null;
const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
// biome-ignore lint/suspicious/noExplicitAny: pg's query overloads, passed through unchanged.
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const [config, values] = args;
  const text = typeof config === 'string' ? config : config?.text;
  if (captured && typeof text === 'string')
    captured.push({ text, values: Array.isArray(values) ? values : config?.values });
  return original.apply(this, args);
};

const interesting = (text: string) =>
  /^\s*(select|with|\()/i.test(text) &&
  /\b(sections|section_instructors|offers|lms_course_pairings)\b/.test(text);

const shortLine = (l: string) =>
  /Scan|Sort|Limit|Aggregate|Join|Nested Loop|Append|Unique|Execution Time|Planning Time|Buffers: shared/.test(
    l,
  );

async function main() {
  if (!URL_) throw new Error('PLANS_DATABASE_URL names the PostgreSQL database that holds the demo world');
  const database = openDatabase({ databaseUrl: URL_, poolMax: 4 });
  await database.migrate();
  const one = async (text: string) => (await database.sql.executeSql(text)).rows[0];
  const inst = Number(
    (
      await one(`select min(g.context_id) id from group_members gm join groups g on g.id = gm.group_id
        join users u on u.id = gm.user_id where u.username = 'registrar'`)
    ).id,
  );
  const instructor = Number(
    (
      await one(`select si.user_id id, count(*) n from section_instructors si
        join sections s on s.id = si.section_id where s.institution_id = ${inst}
        group by si.user_id order by n desc, si.user_id limit 1`)
    ).id,
  );
  const org = Number((await one(`select organization_id id from institutions where id = ${inst}`)).id);
  const sizes = await one(`select (select count(*) from sections)::int sections,
    (select count(*) from sections where institution_id = ${inst} and deleted_at is null)::int inst_sections,
    (select count(*) from lms_course_pairings)::int pairings`);
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-plans-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', INTERNAL_GROUP_ID: INTERNAL_GROUP }),
    { database, logger: false },
  );
  try {
    await app.ready();
    const headers = {
      registrar: bearer(await login(app, 'registrar', 'demo-pass-1')),
      super: bearer(await login(app, 'super', 'demo-pass-1')),
    };
    console.log(
      `${URL_.replace(/^.*\//, '')}: ${sizes.sections} sections, ${sizes.pairings} pairings; institution ${inst} holds ${sizes.inst_sections} live sections; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const calls: [string, 'registrar' | 'super', RouteRequest][] = [
      [
        'course list, current',
        'registrar',
        routeRequest(coursesApi.list, { query: { organizationId: inst } }),
      ],
      [
        'course list, all periods, page 5',
        'registrar',
        routeRequest(coursesApi.list, { query: { organizationId: inst, coursePeriod: 'ALL', page: 5 } }),
      ],
      [
        'course search "hist"',
        'registrar',
        routeRequest(coursesApi.list, { query: { organizationId: inst, queryString: 'hist' } }),
      ],
      [
        "a user's sections",
        'registrar',
        routeRequest(usersApi.sections, { params: { id: instructor }, query: { organizationId: inst } }),
      ],
      [
        'products institution view, pairings',
        'super',
        routeRequest(productsApi.list, {
          params: { id: org },
          query: { view: 'institution', pairing: 'true' },
        }),
      ],
    ];
    for (const [name, who, request] of calls.filter((c) => c[0].includes(ONLY))) {
      for (let i = 0; i < WARM; i++) await app.inject({ ...request, headers: headers[who] });
      captured = [];
      const res = await app.inject({ ...request, headers: headers[who] });
      const statements = captured.filter((s) => interesting(s.text));
      captured = null;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      console.log(`\n### ${name}\n`);
      for (const s of statements) {
        const rows = (await database.sql.executeSql(`explain (analyze, buffers) ${s.text}`, s.values)).rows;
        const lines = rows.map((r) => r['QUERY PLAN'] as string);
        console.log(`-- ${s.text.replace(/\s+/g, ' ').slice(0, 140)}`);
        console.log((SHORT ? lines.filter(shortLine) : lines).join('\n'));
        console.log('');
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
