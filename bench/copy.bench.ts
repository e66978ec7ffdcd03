/**
 * How long 1,000 course copies requested in ONE call take to reach a final status, with the
 * product's own workers (pg-boss), on embedded PGlite and on PostgreSQL
 * (postgres://postgres@127.0.0.1:5432/test, in a scratch database created and dropped here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { copyJobs, sectionInstructors, sections } from '../src/server/db/schema';
import { bearer, createInstitution, createRole, createUser, login } from '../src/server/test/fixtures';
import { copyOffer, copyProduct } from '../src/server/test/copy-fixtures';
import { onPglite, onScratchPostgres } from './databases';

const COPIES = 1000;
const TIMEOUT_MS = 15 * 60_000;

interface Run {
  /** Seconds from sending the request to the last course reaching a final status. */
  seconds: number;
  /** Milliseconds the copy request itself took to answer. */
  requestMs: number;
  succeeded: number;
}

async function runOnce(database: Database): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-copy-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'all' });
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    const db = database.db;
    const institution = await createInstitution(db, 'Bench College');
    const product = await copyProduct(db);
    await copyOffer(db, institution.id, product.id);
    const admin = await createUser(db, 'bench-admin');
    await createRole(db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
    const teacher = await createUser(db, 'bench-teacher');
    const sources = await db
      .insert(sections)
      .values(
        Array.from({ length: COPIES }, (_, i) => ({
          institutionId: institution.id,
          productId: product.id,
          courseName: `Bench course ${i + 1}`,
          startDate: '2025-01-06',
          endDate: '2025-05-02',
        })),
      )
      .returning({ id: sections.id });
    await db.insert(sectionInstructors).values(sources.map((s) => ({ sectionId: s.id, userId: teacher.id })));
    const token = await login(app, 'bench-admin');

    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/courses/copy',
      headers: bearer(token),
      payload: {
        organizationId: institution.id,
        courses: sources.map((s, i) => ({
          sectionId: s.id,
          courseName: `Bench copy ${i + 1}`,
          startDate: '2026-01-05',
          endDate: '2026-05-01',
        })),
      },
    });
    const requestMs = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`copy request: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const trackingId: string = res.json().trackingId;

    for (;;) {
      const [row] = await db
        .select({
          final: sql<number>`count(*) filter (where ${inArray(copyJobs.status, ['succeeded', 'notapplicable', 'FailedPermanently'])})::int`,
          succeeded: sql<number>`count(*) filter (where ${copyJobs.status} = 'succeeded')::int`,
        })
        .from(copyJobs)
        .where(sql`${copyJobs.requestId} = ${trackingId}`);
      if (row.final >= COPIES) {
        return { seconds: (performance.now() - started) / 1000, requestMs, succeeded: row.succeeded };
      }
      if (performance.now() - started > TIMEOUT_MS)
        throw new Error(`only ${row.final} of ${COPIES} final in time`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const show = (name: string, r: Run) =>
  `  ${name.padEnd(10)} ${r.seconds.toFixed(1).padStart(6)} s to final  (request answered in ${Math.round(r.requestMs)} ms, ${r.succeeded}/${COPIES} succeeded, ${Math.round(COPIES / r.seconds)} copies/s)`;

/** Seconds for 1,000 copies requested in one call to reach a final status, on PGlite and on PostgreSQL. */
export async function benchCopies(): Promise<{ pglite: number; postgres: number }> {
  console.log(`course copy: ${COPIES} copies requested in one call, until every course is final`);
  const lite = await onPglite(runOnce);
  console.log(show('PGlite', lite));
  const postgres = await onScratchPostgres('copy', runOnce);
  console.log(show('PostgreSQL', postgres));
  return { pglite: Number(lite.seconds.toFixed(2)), postgres: Number(postgres.seconds.toFixed(2)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCopies().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
