import { sql } from 'drizzle-orm';
import { coursesApi } from '../src/shared/contract/courses';
import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import { addDaysIso, localIsoDate } from '../src/shared/validation';
import type { Database } from '../src/server/db/client';
import { sections } from '../src/server/db/schema';
import { createOffer, createProduct } from '../src/server/test/course-fixtures';
import { bearer, createInstitution, createRole, createUser, login } from '../src/server/test/fixtures';
import { onPglite, onScratchPostgres, timeList, withBenchApp } from './databases';

const SECTIONS = 5000;
const CALLS = 200;
const WARM_UP = 20;
const SUBJECTS = ['ACCT', 'BIOL', 'CHEM', 'COMM', 'ECON', 'ENGL', 'HIST', 'MATH', 'PHYS', 'PSYC'];
const OFFER_TYPES = ['INCLUSIVE_ACCESS', 'EQUITABLE_ACCESS', 'DIRECT_TO_STUDENT', 'OPT_IN'];

const VARIANTS: [string, string][] = [
  ['default (current, studentuse, all products, page 1)', ''],
  ['text search "hist"', '&queryString=hist'],
  ['sorted by enrollments, descending', '&sort=enrollmentCount&order=desc'],
  ['page 20 of 100 rows', '&page=20&pageSize=100'],
  ['all periods, one product', '&coursePeriod=ALL&productId=PRODUCT'],
  ['sorted by name, page 3 of 50 rows', '&sort=courseName&page=3&pageSize=50'],
];

/**
 * The slowest single call acceptable for any variant (a wall-clock limit belongs in this report, not in
 * a test run on a busy machine).
 */
const CEILING_MS = 3000;

/** One institution with 5,000 sections over three periods, parents and children, instructors, enrollments. */
export async function buildInstitution(database: Database) {
  const db = database.db;
  const institution = await createInstitution(db, 'Bench State University');
  const products: { id: number; isbn: string; productName: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const product = await createProduct(db, `Bench Product ${i + 1}`);
    await createOffer(db, institution.id, product, OFFER_TYPES[i % OFFER_TYPES.length]);
    products.push(product);
  }
  const instructors = [];
  for (let i = 0; i < 60; i++) instructors.push(await createUser(db, `bench-instructor-${i}`));
  const today = localIsoDate();
  const rows = Array.from({ length: SECTIONS }, (_, i) => {
    const period = i % 5; // 0,1: current; 2: future; 3,4: past
    const offset = period < 2 ? -30 : period === 2 ? 60 : -200;
    const start = addDaysIso(today, offset + (i % 7));
    return {
      institutionId: institution.id,
      productId: products[i % products.length].id,
      courseName: `${SUBJECTS[i % SUBJECTS.length]} ${100 + (i % 300)}: Course ${i}`,
      sectionCode: `${SUBJECTS[i % SUBJECTS.length]} ${100 + (i % 300)}-${String(i).padStart(4, '0')}`,
      useType: i % 10 === 9 ? 'instructoruse' : 'studentuse',
      startDate: start,
      endDate: addDaysIso(start, 110),
      censusDuration: i % 3 === 0 ? -1 : 14,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = await db
      .insert(sections)
      .values(rows.slice(i, i + 1000))
      .returning({ id: sections.id });
    ids.push(...batch.map((r) => r.id));
  }
  // every 10th section is a parent of the next two
  await database.sql.executeSql(`
    update sections p set course_type = 'parent' where p.institution_id = ${institution.id}
      and (p.id - ${ids[0]}) % 10 = 0;
    update sections c set course_type = 'child', parent_section_id = c.id - ((c.id - ${ids[0]}) % 10)
      where c.institution_id = ${institution.id} and (c.id - ${ids[0]}) % 10 in (1, 2);`);
  await database.sql.executeSql(`
    insert into section_instructors (section_id, user_id)
    select s.id, ${instructors[0].id} + (s.id % ${instructors.length})
      from sections s where s.institution_id = ${institution.id};`);
  // 2,000 students, about 20 enrollments per section (100,000 rows)
  await database.sql.executeSql(`
    insert into users (username, email, first_name, last_name)
    select 'bench-student-' || g, 'bench-student-' || g || '@example.edu', 'Student', 'Number ' || g
      from generate_series(1, 2000) g;`);
  await database.sql.executeSql(`
    insert into enrollments (section_id, user_id, access_type, current_access, opt_status)
    select s.id, u.id, case when (s.id + u.id) % 4 = 0 then 'TEMP' else 'PAID' end,
           case when (s.id + u.id) % 3 = 0 then 'Institution_Paid' else null end,
           case when (s.id + u.id) % 9 = 0 then 'optout' else 'optin' end
      from sections s
      join lateral (select id from users where username like 'bench-student-%'
                    order by (id * 7919 + s.id) % 2000 limit 20) u on true
     where s.institution_id = ${institution.id};`);
  await database.sql.executeSql('analyze');
  const admin = await createUser(db, 'bench-admin');
  await createRole(db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sections)
    .where(sql`${sections.institutionId} = ${institution.id}`);
  return { institutionId: institution.id, productId: products[0].id, sections: n };
}

type Figures = { name: string; p50: number; p95: number; max: number; rows: number }[];

async function measure(database: Database): Promise<{ sections: number; figures: Figures }> {
  return withBenchApp(database, async (app) => {
    const world = await buildInstitution(database);
    const headers = bearer(await login(app, 'bench-admin'));
    const figures: Figures = [];
    for (const [name, extra] of VARIANTS) {
      const url = `${coursesApi.list.path}?organizationId=${world.institutionId}${extra.replace('PRODUCT', String(world.productId))}`;
      figures.push({ name, ...(await timeList(app, url, headers, { warmUp: WARM_UP, calls: CALLS })) });
    }
    return { sections: world.sections, figures };
  });
}

function show(db: string, r: { sections: number; figures: Figures }) {
  console.log(`  ${db} (${r.sections} sections, ${CALLS} calls each after ${WARM_UP} warm-up)`);
  for (const f of r.figures) {
    console.log(
      `    ${f.name.padEnd(52)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (${f.rows} matching)${f.max > CEILING_MS ? `  OVER THE ${CEILING_MS} ms CEILING` : ''}`,
    );
  }
}

/** p50/p95/max of the course-list call for a 5,000-section institution, on PGlite and PostgreSQL. */
export async function benchCourseList() {
  const lite = await onPglite(measure);
  show('PGlite', lite);
  const postgres = await onScratchPostgres('list', measure);
  show('PostgreSQL', postgres);
  return { pglite: lite.figures[0], postgres: postgres.figures[0] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCourseList().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
