/**
 * Course copies through the HTTP API, as the web makes them, against the app started by `npm start`
 * (its copy workers in the same process, request logging on): an institution with N source courses
 * (each with an instructor, its product offered) is written before the start; an administrator signs
 * in, sends the copy requests (at most COPY_MAX_COURSES = 1,000 courses per request, as the web sends
 * them: 10 requests for 10,000), then polls the copy requests (courseCopyApi.requests) as the web's status panel
 * does (BENCH_COPY_POLL_MS, 5,000 like the web) until every request is finished. Time to final: from
 * sending the first request to the latest `finishedAt` the server reports (so the poll interval does
 * not add to it). Runs: BENCH_COPY_RUNS (default `pglite:1000,postgres:1000,postgres:10000`; PGlite in
 * a file-backed DATA_DIR, PostgreSQL in a scratch database). Target: 10,000 copies final ≤ 30 s on
 * PostgreSQL. A report, not a test.
 */
import { sql } from 'drizzle-orm';
import { COPY_MAX_COURSES, courseCopyApi } from '../src/shared/contract/course-copy';
import { ADMIN_PERMISSIONS } from '../src/shared/permissions';
import { type Database, openDatabase } from '../src/server/db/client';
import { sectionInstructors, sections } from '../src/server/db/schema';
import { copyOffer, copyProduct } from '../src/server/test/copy-fixtures';
import { createInstitution, createRole, createUser, PASSWORD } from '../src/server/test/fixtures';
import { signIn, startWithNpm, withTempDir } from './app-process';
import { withScratchDatabase } from './databases';
import { BenchReport } from './report';

const POLL_MS = Number(process.env.BENCH_COPY_POLL_MS ?? 5000);
const TIMEOUT_MS = 30 * 60_000;
const RUNS = (process.env.BENCH_COPY_RUNS ?? 'pglite:1000,postgres:1000,postgres:10000')
  .split(',')
  .filter(Boolean)
  .map((r) => {
    const [db, n] = r.split(':');
    if ((db !== 'pglite' && db !== 'postgres') || !(Number(n) > 0)) throw new Error(`BENCH_COPY_RUNS: ${r}?`);
    return { db: db as 'pglite' | 'postgres', copies: Number(n) };
  });

/** Writes the institution, its product and offer, an administrator and `copies` source courses. */
async function prepare(database: Database, copies: number) {
  await database.migrate();
  const db = database.db;
  const institution = await createInstitution(db, 'Bench College');
  const product = await copyProduct(db);
  await copyOffer(db, institution.id, product.id);
  const admin = await createUser(db, 'bench-admin');
  await createRole(db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  const teacher = await createUser(db, 'bench-teacher');
  const ids: number[] = [];
  for (let from = 0; from < copies; from += 5000) {
    const rows = await db
      .insert(sections)
      .values(
        Array.from({ length: Math.min(5000, copies - from) }, (_, i) => ({
          institutionId: institution.id,
          productId: product.id,
          courseName: `Bench course ${from + i + 1}`,
          startDate: '2025-01-06',
          endDate: '2025-05-02',
        })),
      )
      .returning({ id: sections.id });
    await db.insert(sectionInstructors).values(rows.map((s) => ({ sectionId: s.id, userId: teacher.id })));
    ids.push(...rows.map((r) => r.id));
  }
  await db.execute(sql`analyze`);
  return { organizationId: institution.id, sourceIds: ids };
}

type Requests = {
  requests: {
    trackingId: string;
    finished: boolean;
    finishedAt: string | null;
    statuses: { status: string }[];
  }[];
};

/** Sends the copies in requests of at most 1,000 and polls until all are final. */
async function copyThroughApi(base: string, organizationId: number, sourceIds: number[]) {
  const headers = { ...(await signIn(base, 'bench-admin', PASSWORD)), 'content-type': 'application/json' };
  const started = Date.now();
  const tracking = new Set<string>();
  let requestMs = 0;
  for (let from = 0; from < sourceIds.length; from += COPY_MAX_COURSES) {
    const sent = performance.now();
    const res = await fetch(`${base}${courseCopyApi.copy.path}`, {
      method: courseCopyApi.copy.method,
      headers,
      body: JSON.stringify({
        organizationId,
        courses: sourceIds.slice(from, from + COPY_MAX_COURSES).map((sectionId, i) => ({
          sectionId,
          courseName: `Bench copy ${from + i + 1}`,
          startDate: '2026-01-05',
          endDate: '2026-05-01',
        })),
      }),
    });
    requestMs = Math.max(requestMs, performance.now() - sent);
    if (res.status !== 200)
      throw new Error(`copy request: ${res.status} ${(await res.text()).slice(0, 300)}`);
    tracking.add(((await res.json()) as { trackingId: string }).trackingId);
  }
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const res = await fetch(`${base}${courseCopyApi.requests.path}?organizationId=${organizationId}`, {
      headers,
    });
    if (res.status !== 200) throw new Error(`copy requests: ${res.status}`);
    const mine = ((await res.json()) as Requests).requests.filter((r) => tracking.has(r.trackingId));
    if (mine.length === tracking.size && mine.every((r) => r.finished)) {
      const statuses = mine.flatMap((r) => r.statuses);
      const last = Math.max(...mine.map((r) => Date.parse(r.finishedAt ?? '')));
      return {
        seconds: (last - started) / 1000,
        requestMs,
        requests: tracking.size,
        succeeded: statuses.filter((s) => s.status === 'succeeded').length,
        failed: statuses.filter((s) => s.status !== 'succeeded').length,
      };
    }
    if (Date.now() - started > TIMEOUT_MS) throw new Error('the copies were not final in time');
  }
}

async function run(report: BenchReport, kind: 'pglite' | 'postgres', copies: number) {
  const go = async (env: Record<string, string>, database: Database) => {
    const { organizationId, sourceIds } = await prepare(database, copies).finally(() => database.close());
    const app = await startWithNpm({ ...env, DEMO_SEED: 'false' });
    try {
      return await copyThroughApi(app.base, organizationId, sourceIds);
    } finally {
      await app.stop();
    }
  };
  const r =
    kind === 'pglite'
      ? await withTempDir('cwa-bench-copy-', (dir) =>
          go({ DATA_DIR: dir }, openDatabase({ pgliteDir: `${dir}/pglite` })),
        )
      : await withScratchDatabase('copy', (url) =>
          withTempDir('cwa-bench-copy-', (dir) =>
            go({ DATA_DIR: dir, DATABASE_URL: url }, openDatabase({ databaseUrl: url })),
          ),
        );
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const target = kind === 'postgres' && copies === 10_000;
  report.row(
    `${name}, ${copies.toLocaleString('en-US')} copies (${r.requests} request${r.requests > 1 ? 's' : ''}), time to final`,
    target ? '≤ 30 s' : '',
    `${r.seconds.toFixed(1)} s, ${Math.round(copies / r.seconds)} copies/s; failed or not applicable: ${r.failed}; slowest request answered in ${Math.round(r.requestMs)} ms`,
    target ? r.seconds <= 30 && r.failed === 0 : undefined,
  );
}

const report = new BenchReport(
  'copy',
  'Course copies through the HTTP API of `npm start` (copy requests of ≤ 1,000, then the status poll), until every course is final',
);
for (const { db, copies } of RUNS) await run(report, db, copies);
report.finish();
