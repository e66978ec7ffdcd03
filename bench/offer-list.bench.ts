import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import type { Database } from '../src/server/db/client';
import { bearer, createInstitution, createRole, createUser, login } from '../src/server/test/fixtures';
import { OffersQuery, offersApi } from '../src/shared/contract/offers';
import { institutionOffers } from '../src/server/modules/offers/offers.service';
import { onPglite, onScratchPostgres, percentiles, timeList, withBenchApp } from './databases';

const OFFERS = 5000;
const PRODUCTS = 1000;
const SECTIONS = 3000;
const CALLS = 200;
const WARM_UP = 20;
const CEILING_MS = 3000;

const VARIANTS: [string, string][] = [
  ['default (by title, page 1)', ''],
  ['status Active', '&status=active'],
  ['expiring within 30 days', '&expiring=true'],
  ['title search "chem"', '&q=chem'],
  ['ISBN digits search, hyphenated', '&q=978-1337-000-500'],
  ['sorted by end date, descending, page 200', '&sort=endsOn&order=desc&page=200'],
  ['sorted by status, page 50', '&sort=status&page=50'],
];

/** One institution with 5,000 offers on 1,000 products, 3,000 sections and 1,000 pairings using them. */
async function buildInstitution(database: Database) {
  const institution = await createInstitution(database.db, 'Bench Offers University');
  const other = await createInstitution(database.db, 'Bench Offers Neighbour');
  const id = institution.id;
  await database.sql.executeSql(`
    insert into products (isbn, urn, product_name)
    select '9781337' || lpad(g::text, 6, '0'), 'urn:bench:offer:' || g,
           (array['Chemistry','Biology','History','Economics','Algebra','Physics'])[1 + g % 6] || ' Bench ' || g
      from generate_series(1, ${PRODUCTS}) g;`);
  await database.sql.executeSql(`
    insert into offers (product_id, institution_id, isbn, offer_type, title, offer_status, inclusive, starts_on, ends_on)
    select p.id, inst, p.isbn,
           (array['INCLUSIVE_ACCESS','EQUITABLE_ACCESS','DIRECT_TO_STUDENT','OPT_IN'])[1 + g % 4],
           p.product_name || ' offer ' || g,
           (array['APPROVED','APPROVED','NEW','PENDING','REJECTED','EXPIRED','SUBMITTED'])[1 + g % 7],
           g % 4 < 2, current_date - (g % 300), current_date + (g % 400) - 20
      from generate_series(1, ${OFFERS}) g
      join products p on p.urn = 'urn:bench:offer:' || (1 + g % ${PRODUCTS})
      cross join (values (${id})) i(inst);
    insert into offers (product_id, institution_id, isbn, offer_type, title, offer_status, starts_on, ends_on)
    select p.id, ${other.id}, p.isbn, 'OPT_IN', p.product_name, 'APPROVED', current_date, current_date + 90
      from products p where p.urn like 'urn:bench:offer:%';`);
  await database.sql.executeSql(`
    insert into sections (institution_id, product_id, course_name, start_date, end_date)
    select ${id}, p.id, 'Bench course ' || g, current_date - 10, current_date + 100
      from generate_series(1, ${SECTIONS}) g
      join products p on p.urn = 'urn:bench:offer:' || (1 + g % ${PRODUCTS});
    insert into lms_course_pairings (institution_id, product_id, lms_course_id)
    select ${id}, p.id, 'LMS-' || g
      from generate_series(1, 1000) g
      join products p on p.urn = 'urn:bench:offer:' || (1 + (g * 7) % ${PRODUCTS});`);
  await database.sql.executeSql('analyze');
  const admin = await createUser(database.db, 'bench-offers-admin');
  await createRole(database.db, id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  return { institutionId: id };
}

type Figures = { name: string; p50: number; p95: number; max: number; rows: number }[];

async function measure(database: Database): Promise<Figures> {
  return withBenchApp(database, async (app) => {
    const world = await buildInstitution(database);
    const headers = bearer(await login(app, 'bench-offers-admin'));
    const figures: Figures = [];
    for (const [name, extra] of VARIANTS) {
      const url = `${offersApi.list.path}?organizationId=${world.institutionId}${extra}`;
      figures.push({ name, ...(await timeList(app, url, headers, { warmUp: WARM_UP, calls: CALLS })) });
    }
    // the same default page without HTTP, session and capability lookups: the offers queries alone
    const query = OffersQuery.parse({ organizationId: world.institutionId });
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const started = performance.now();
      const out = await institutionOffers(database.db, world.institutionId, query);
      if (i >= WARM_UP) times.push(performance.now() - started);
      if (out.total !== OFFERS) throw new Error(`expected ${OFFERS} offers, got ${out.total}`);
    }
    figures.push({
      name: 'default page, offers queries only (no HTTP)',
      rows: OFFERS,
      ...percentiles(times),
    });
    return figures;
  });
}

function show(db: string, figures: Figures) {
  console.log(`  ${db} (${OFFERS} offers, ${CALLS} calls each after ${WARM_UP} warm-up)`);
  for (const f of figures) {
    console.log(
      `    ${f.name.padEnd(44)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (${f.rows} matching)${f.max > CEILING_MS ? `  OVER THE ${CEILING_MS} ms CEILING` : ''}`,
    );
  }
}

/** p50/p95/max of the offer list for a 5,000-offer institution, on PGlite and PostgreSQL. */
export async function benchOfferList() {
  const lite = await onPglite(measure);
  show('PGlite', lite);
  const postgres = await onScratchPostgres('offers', measure);
  show('PostgreSQL', postgres);
  return { pglite: lite[0], postgres: postgres[0] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOfferList().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
