import type { Database } from '../src/server/db/client';
import { bearer, createInstitution, createRole, createUser, login } from '../src/server/test/fixtures';
import { auditApi } from '../src/shared/contract/audit';
import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import { onPglite, onScratchPostgres, percentiles, withBenchApp } from './databases';

const ROWS = Number(process.env.AUDIT_BENCH_ROWS ?? 1_000_000);
const OTHER_ROWS = 100_000;
const CALLS = 200;
const WARM_UP = 20;
const DAY_MS = 86_400_000;

/** Rows spread over a year: 200 actors, 6 entity kinds × 20,000 ids, 12 actions, 1 in 20 refused. */
async function buildInstitution(database: Database) {
  const inst = await createInstitution(database.db, 'Bench Audit University');
  const other = await createInstitution(database.db, 'Bench Audit Neighbour');
  const admin = await createUser(database.db, 'bench-audit-admin');
  await createRole(database.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  const fill = (institutionId: number, from: number, to: number) => `
    insert into audit_log (actor_user_id, at, action, entity_type, entity_id, institution_id, outcome, before, after, request_id)
    select 1000 + g % 200,
           now() - (g::double precision / ${ROWS}) * interval '365 days',
           (array['section.update','section.create','section.delete','role.update','role.create','role.delete',
                  'user.update','user.create','user.notify','group.members.add','group.members.remove','institution.update'])[1 + g % 12],
           (array['section','section','section','role','role','user'])[1 + g % 6],
           (g % 20000)::text,
           ${institutionId},
           case when g % 20 = 0 then 'denied' else 'ok' end,
           jsonb_build_object('name', 'Before ' || g, 'version', g % 7),
           jsonb_build_object('name', 'After ' || g, 'version', g % 7 + 1),
           md5(g::text)
      from generate_series(${from}, ${to}) g;`;
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += 100_000) {
    await database.sql.executeSql(fill(inst.id, from, Math.min(ROWS, from + 99_999)));
  }
  await database.sql.executeSql(fill(other.id, 1, OTHER_ROWS));
  await database.sql.executeSql('analyze audit_log');
  const seconds = (performance.now() - started) / 1000;
  return { institutionId: inst.id, seconds };
}

type Figure = { name: string; p50: number; p95: number; max: number; rows: number };

async function measure(database: Database, calls: number) {
  return withBenchApp(database, async (app) => {
    const world = await buildInstitution(database);
    const headers = bearer(await login(app, 'bench-audit-admin'));
    const base = `${auditApi.page.path}?organizationId=${world.institutionId}`;
    const monthAgo = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const twoMonthsAgo = new Date(Date.now() - 60 * DAY_MS).toISOString();
    const get = async (url: string) => {
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json() as { rows: unknown[]; nextCursor: string | null };
    };
    // the 20th page of the unfiltered list: its cursor, reached by paging
    let cursor: string | null = null;
    for (let i = 0; i < 19; i++)
      cursor = (await get(`${base}${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
    const variants: [string, string][] = [
      ['newest 50, no filter', ''],
      ['actor', '&actorUserId=1007'],
      ['entity kind + id', '&entityType=section&entityId=4242'],
      ['action', '&action=role.delete'],
      ['outcome refused', '&outcome=refused'],
      ['date range (one month, two months ago)', `&from=${twoMonthsAgo}&to=${monthAgo}`],
      [
        'action + refused + date range',
        `&action=section.update&outcome=refused&from=${twoMonthsAgo}&to=${monthAgo}`,
      ],
      [
        'no match (action never refused) + dates',
        `&action=user.update&outcome=refused&from=${twoMonthsAgo}&to=${monthAgo}`,
      ],
      ['actor + entity kind (rare mix)', '&actorUserId=1013&entityType=user'],
      ['page 20 by cursor, no filter', `&cursor=${cursor}`],
    ];
    const figures: Figure[] = [];
    for (const [name, extra] of variants) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < WARM_UP + calls; i++) {
        const started = performance.now();
        const body = await get(base + extra);
        if (i >= WARM_UP) times.push(performance.now() - started);
        rows = body.rows.length;
      }
      figures.push({ name, rows, ...percentiles(times) });
    }
    return { seconds: world.seconds, figures };
  });
}

function show(db: string, out: Awaited<ReturnType<typeof measure>>, calls: number) {
  console.log(
    `  ${db}: ${ROWS.toLocaleString('en-US')} audit rows in the institution (+${OTHER_ROWS.toLocaleString('en-US')} next door), loaded in ${out.seconds.toFixed(0)} s; ${calls} calls each after ${WARM_UP} warm-up`,
  );
  for (const f of out.figures) {
    console.log(
      `    ${f.name.padEnd(40)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (${f.rows} rows on the page)`,
    );
  }
}

export async function benchAudit() {
  const postgres = await onScratchPostgres('audit', (d) => measure(d, CALLS));
  show('PostgreSQL', postgres, CALLS);
  if (process.env.AUDIT_BENCH_ONLY === 'postgres') return;
  const lite = await onPglite((d) => measure(d, CALLS / 2));
  show('PGlite', lite, CALLS / 2);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAudit().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
