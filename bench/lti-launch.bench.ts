import type { Database } from '../src/server/db/client';
import { lmsCoursePairings } from '../src/server/db/schema';
import { createOffer, createProduct, createSection } from '../src/server/test/course-fixtures';
import { createInstitution } from '../src/server/test/fixtures';
import { launchClaims, ROLE, registerPlatform, startLtiPlatform } from '../src/server/test/lti-platform';
import { onPglite, onScratchPostgres, percentiles, withBenchApp } from './databases';
import { ltiProtocolApi } from '../src/shared/contract/lti-protocol';

const LAUNCHES = 1000;
const WARM_UP = 20;
const PEOPLE = 200;
const COURSE = 'bench-course';

async function measure(database: Database) {
  const platform = await startLtiPlatform();
  try {
    return await withBenchApp(database, async (app) => {
      const db = database.db;
      const toolUrl = app.config.publicUrl;
      const inst = await createInstitution(db, 'Bench LTI University');
      const reg = await registerPlatform(db, platform, inst.id, { clientId: 'bench-client' });
      const product = await createProduct(db, 'Bench Biology');
      await createOffer(db, inst.id, product);
      const section = await createSection(db, { institutionId: inst.id, productId: product.id });
      await db.insert(lmsCoursePairings).values({
        institutionId: inst.id,
        productId: product.id,
        sectionId: section.id,
        integrationId: reg.id,
        lmsCourseId: COURSE,
        courseStartDate: section.startDate,
        courseEndDate: section.endDate,
      });

      const forms: string[] = [];
      for (let i = 0; i < WARM_UP + LAUNCHES; i++) {
        const res = await app.inject({
          url: `${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: platform.issuer, login_hint: `u${i}`, target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: 'bench-client' })}`,
        });
        const q = new URL(res.headers.location as string).searchParams;
        const person = i % PEOPLE;
        const now = Math.floor(Date.now() / 1000);
        const idToken = await platform.sign({
          iss: platform.issuer,
          aud: 'bench-client',
          nonce: q.get('nonce') ?? '',
          iat: now,
          exp: now + 600,
          email: `bench-person-${person}@example.edu`,
          given_name: 'Bench',
          family_name: `Person ${person}`,
          ...launchClaims(toolUrl, {
            sub: `bench-sub-${person}`,
            contextId: COURSE,
            roles: [person % 5 === 0 ? ROLE.instructor : ROLE.student],
          }),
        });
        forms.push(new URLSearchParams({ id_token: idToken, state: q.get('state') ?? '' }).toString());
      }

      const times: number[] = [];
      const firsts: number[] = [];
      const returning: number[] = [];
      for (let i = 0; i < forms.length; i++) {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: ltiProtocolApi.launch.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: forms[i],
        });
        const ms = performance.now() - started;
        if (res.statusCode !== 303)
          throw new Error(`launch ${i} answered ${res.statusCode}: ${res.body.slice(0, 400)}`);
        if (i >= WARM_UP) {
          times.push(ms);
          (i < PEOPLE ? firsts : returning).push(ms);
        }
      }
      // the machine's floor: one trivial round trip to this database
      const trips: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        await database.sql.executeSql('select 1');
        trips.push(performance.now() - started);
      }
      return {
        ...percentiles(times),
        first: percentiles(firsts),
        returning: percentiles(returning),
        roundTrip: percentiles(trips),
        jwksFetches: platform.jwksFetches,
      };
    });
  } finally {
    await platform.close();
  }
}

function show(db: string, f: Awaited<ReturnType<typeof measure>>, aim: number) {
  const line = (name: string, x: { p50: number; p95: number }) =>
    console.log(
      `    ${name.padEnd(36)} p50 ${x.p50.toFixed(1).padStart(5)} ms  p95 ${x.p95.toFixed(1).padStart(5)} ms`,
    );
  console.log(
    `  ${db.padEnd(11)} ${LAUNCHES} launches after ${WARM_UP} warm-up: p50 ${f.p50.toFixed(1).padStart(5)} ms  p95 ${f.p95.toFixed(1).padStart(5)} ms  max ${f.max.toFixed(1).padStart(6)} ms  (aim p95 ≤ ${aim} ms; JWKS fetched ${f.jwksFetches}×)`,
  );
  line(`first launch of a person (${PEOPLE - WARM_UP})`, f.first);
  line(`returning person (${LAUNCHES - PEOPLE + WARM_UP})`, f.returning);
  line('one "select 1" round trip (machine floor)', f.roundTrip);
}

/** p50/p95/max of POST /lti/launch on PGlite and PostgreSQL. */
export async function benchLtiLaunch() {
  const lite = await onPglite(measure);
  show('PGlite', lite, 40);
  const postgres = await onScratchPostgres('lti', measure);
  show('PostgreSQL', postgres, 20);
  return { pglite: lite, postgres };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLtiLaunch().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
