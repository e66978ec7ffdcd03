import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alertsApi } from '../../shared/contract/alerts';
import { bulkAccountsApi } from '../../shared/contract/bulk-accounts';
import { pathOf, urlOf } from '../../shared/contract/route';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { BOSS_SCHEMA } from '../jobs/queue';
import {
  addInstructor,
  copyCourse,
  copySection,
  createCopyWorld,
  FAST_COPY_ENV,
  postCopy,
  waitForRequest,
} from './copy-fixtures';
import { bearer, createInstitution, createRole, createUser, login } from './fixtures';
import { createPostgresTestDatabase } from './harness';
import { RowLocks } from './row-locks';
import { waitFor } from './wait-for';
import { multipart, XLSX_TYPE, xlsx } from './xlsx-files';

/**
 * A real worker process (`ROLE=worker`, src/server/main.ts) is killed with SIGKILL in the middle of
 * copying 19 courses (twice) and of a 2,000-row bulk import; a new worker process takes over. Nothing
 * here touches pg-boss: the killed attempts are ended by pg-boss's own supervisor in the new worker,
 * with short time limits (EXPIRE) and a one-second supervise round so the test takes seconds.
 *
 * The test holds row locks (RowLocks) so a worker stops exactly where the test chooses (inside one
 * request's copy, on a batch of an import) and lets it pass: the kills land mid-job, not by luck of timing.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const COURSES = 19;
/** Courses of the request copied before the second kill; the other request's last attempts die with it. */
const OK = 4;
const ROWS = 2000;
/** Time limit of a copy attempt (a worker takes up to 50 copies at once). */
const EXPIRE = 8;
/** Time limit of an import attempt: a retry applies the last 1,000 rows within it. */
const IMPORT_EXPIRE = 12;
const SUPERVISE = 1;
/** Room for a busy machine: a supervise round's own queries, the dead-letter worker's polling. */
const SLACK = 5;
const DOMAIN = 'worker-fault.example.edu';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NODE = join(ROOT, 'node_modules/.bin/node');
const MAIN = join(ROOT, 'src/server/main.ts');
const LONG = 60_000;
const JOB_ENV = {
  ...FAST_COPY_ENV,
  COPY_RETRY_LIMIT: '1', // a killed first attempt is retried; a killed retry is the last one
  COPY_JOB_TIMEOUT_SECONDS: String(EXPIRE),
  BULK_IMPORT_JOB_TIMEOUT_SECONDS: String(IMPORT_EXPIRE),
  JOB_SUPERVISE_INTERVAL_SECONDS: String(SUPERVISE),
};

let url: string;
let database: Database;
let api: FastifyInstance;
let locks: RowLocks;
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-worker-fault-'));
const workers: ChildProcess[] = [];
const workerLog: string[] = [];
/** Connections of killed workers still queued on a test lock (PostgreSQL notices them only later). */
const deadWaiters = new Set<number>();

/**
 * Starts `src/server/main.ts` as a worker-only process on the test database (its own process group);
 * `ready` resolves once it logs that its workers run.
 */
function startWorker() {
  const child = spawn(NODE, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      ...JOB_ENV,
      DATABASE_URL: url,
      ROLE: 'worker',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      workerLog.push(String(d));
      if (String(d).includes('"msg":"workers running"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
  });
  ready.catch(() => {});
  child.stderr?.on('data', (d) => workerLog.push(String(d)));
  workers.push(child);
  return { child, ready };
}

/** SIGKILL to the worker's whole process group; resolves once it is gone. */
async function kill({ child }: { child: ChildProcess }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await gone;
  for (const pid of await locks.waiters()) deadWaiters.add(pid);
}

const rows = async (text: string, values: unknown[] = []) =>
  (await database.sql.executeSql(text, values)).rows;
const count = async (text: string, values: unknown[] = []) => Number((await rows(text, values))[0].n);

/** A live worker waiting on one of the test's locks. */
const stuckWorker = () => waitFor(() => locks.waiting(deadWaiters), LONG, 'a worker waiting on a locked row');

beforeAll(async () => {
  if (!PG) return;
  url = await createPostgresTestDatabase();
  database = openDatabase({ databaseUrl: url, poolMax: 5 });
  locks = new RowLocks(url);
  api = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', ...JOB_ENV }), {
    database,
    logger: false,
  });
  await api.ready();
});

afterEach(async () => {
  // a failed test leaves no worker and no lock to the next one
  for (const child of workers) await kill({ child }).catch(() => {});
  await locks?.releaseAll();
});

afterAll(async () => {
  for (const child of workers) await kill({ child }).catch(() => {});
  await locks?.close();
  await api?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!PG)('a worker process killed mid-job (PostgreSQL)', () => {
  it('19 courses in two requests, the worker killed mid-copy twice: each ends once, copied or FailedPermanently with its alert', {
    timeout: 3 * LONG,
  }, async () => {
    const w = await createCopyWorld(database.db, 'wf');
    const sourceB = await copySection(database.db, w.institution.id, { productId: w.product.id });
    await addInstructor(database.db, sourceB.id, w.teacher.id);
    const token = await login(api, 'wf-admin');
    const org = w.institution.id;
    const courses = (source: number, from: number, n: number) =>
      Array.from({ length: n }, (_, i) => copyCourse(source, `Fault copy ${from + i + 1}`));
    // Request A copies OK courses of the world's source, request B the others of source B.
    const reqA = await postCopy(api, token, org, courses(w.source.id, 0, OK), true);
    const reqB = await postCopy(api, token, org, courses(sourceB.id, OK, COURSES - OK), true);
    const tracking = [reqA.trackingId, reqB.trackingId];
    const ids = [...reqA.statuses, ...reqB.statuses].map((s) => s.id);
    const { rows: queued } = await database.sql.executeSql(
      `select queue_job_id from copy_jobs where request_id = any($1::uuid[])`,
      [tracking],
    );
    const queueIds = queued.map((r: { queue_job_id: string }) => r.queue_job_id);
    const succeeded = () =>
      count(
        `select count(*)::int as n from copy_jobs where request_id = any($1::uuid[]) and status = 'succeeded'`,
        [tracking],
      );
    /** Every course's queue job taken by a worker on attempt `retryCount` (0: the first). */
    const allTaken = (retryCount: number) =>
      waitFor(
        async () =>
          (await count(
            `select count(*)::int as n from ${BOSS_SCHEMA}.job where id = any($1::uuid[])
              and state in ('active', 'completed') and retry_count = $2`,
            [queueIds, retryCount],
          )) === COURSES,
        LONG,
        `every copy job taken on attempt ${retryCount + 1}`,
      );
    /** The live worker waits inside the copy of `source`'s courses (a new section refers to its locked source). */
    const stuckOn = async (source: number) => expect((await stuckWorker()).key).toBe(source);

    // Both sources locked. Worker 1 takes all 19 courses at once and is killed inside request A's
    // copy transaction: nothing is written. Worker 2 is started meanwhile (it finds no job to take):
    // its supervisor fails the dead attempts at their time limit, and it takes their retries.
    await locks.lock('sections', 'id = $1', [w.source.id, sourceB.id]);
    const first = startWorker();
    await allTaken(0);
    const second = startWorker();
    await stuckOn(w.source.id);
    await kill(first);
    expect(await succeeded()).toBe(0);

    // Worker 2 copies request A once its source is free, and is killed inside request B's copy:
    // B's last attempts die with it, and a new worker's supervisor fails them to the dead-letter queue.
    await allTaken(1);
    await stuckOn(w.source.id);
    await locks.release(w.source.id);
    await waitFor(async () => (await succeeded()) === OK, LONG, "request A's courses copied");
    await stuckOn(sourceB.id);
    await kill(second);
    expect(await succeeded()).toBe(OK);
    await locks.releaseAll();
    const third = startWorker();
    await third.ready;
    const thirdReady = Date.now() / 1000;

    const finished = (r: { finished: boolean }) => r.finished;
    const doneA = await waitForRequest(api, token, org, reqA.trackingId, finished, LONG);
    const doneB = await waitForRequest(api, token, org, reqB.trackingId, finished, LONG);
    await kill(third);

    expect(doneA.statuses.map((c) => c.status)).toEqual(Array(OK).fill('succeeded'));
    expect(doneB.statuses.map((c) => c.status)).toEqual(Array(COURSES - OK).fill('FailedPermanently'));
    for (const c of doneB.statuses) {
      expect(c.reason).toBe(
        'The copy stopped before it finished (the server stopped or the attempt took too long) and no attempts are left. Use Retry to try again.',
      );
    }
    // Failed by pg-boss within the time limit plus one supervise round (counted from when a worker
    // runs again), then marked final by the dead-letter handler; both with a busy machine's slack.
    const late = await rows(
      `select extract(epoch from j.started_on)::float as started,
              extract(epoch from j.completed_on)::float as failed,
              extract(epoch from c.finished_at)::float as final
         from copy_jobs c join ${BOSS_SCHEMA}.job j on j.id = c.queue_job_id
        where c.request_id = any($1::uuid[]) and c.status = 'FailedPermanently' and j.state = 'failed'`,
      [tracking],
    );
    expect(late).toHaveLength(COURSES - OK);
    for (const r of late) {
      const due = Math.max(r.started + EXPIRE, thirdReady) + SUPERVISE + SLACK;
      expect(r.failed).toBeLessThan(due);
      expect(r.final).toBeLessThan(due);
    }

    // The bell: one alert per course, the failed ones included.
    const alerts = await api.inject({
      url: urlOf(alertsApi.list, { query: { organizationId: org } }),
      headers: bearer(token),
    });
    expect(alerts.statusCode).toBe(200);
    const copyAlerts = alerts.json().today.courseCopyStatuses as { id: number; status: string }[];
    expect(copyAlerts.map((a) => a.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(copyAlerts.filter((a) => a.status === 'FailedPermanently')).toHaveLength(COURSES - OK);

    // Nothing twice: one section per succeeded course, the one it recorded; one e-mail per request,
    // one send job each.
    expect(
      await count(
        `select count(*)::int as n from sections where institution_id = $1 and course_name like 'Fault copy %'`,
        [org],
      ),
    ).toBe(OK);
    expect(
      await count(
        `select count(*)::int as n from copy_jobs j join sections s on s.id = j.result_section_id
          where j.request_id = any($1::uuid[]) and s.course_name = j.course_name`,
        [tracking],
      ),
    ).toBe(OK);
    const mails = await rows(`select id, subject from mail_outbox where "to" = $1 order by id`, [
      w.admin.email,
    ]);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your course copy request has finished: ${OK} of ${OK} created`,
      `Your course copy request has finished: 0 of ${COURSES - OK} created`,
    ]);
    for (const mail of mails) {
      expect(
        await count(
          `select count(*)::int as n from ${BOSS_SCHEMA}.job where name = 'mail.send' and singleton_key = $1`,
          [`mail-${mail.id}`],
        ),
      ).toBe(1);
    }
  });

  it('2,000-row bulk import, the worker killed mid-batch: the retry resumes and every row is applied once', {
    timeout: 3 * LONG,
  }, async () => {
    const institution = await createInstitution(database.db, 'Worker Fault College');
    const registrar = await createUser(database.db, 'wf-registrar');
    await createRole(database.db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [registrar.id]);
    const role = await createRole(database.db, institution.id, 'Instructor', ['CAN_ENROLL_STUDENTS'], []);
    const auth = bearer(await login(api, 'wf-registrar'));
    const sheet = Array.from({ length: ROWS }, (_, i) => {
      const n = String(i + 1).padStart(5, '0');
      return ['Ada', `Fault${n}`, `fault.${n}@${DOMAIN}`, `fault_${n}`, 'Instructor'];
    });
    const body = multipart('accounts.xlsx', await xlsx(sheet), XLSX_TYPE);
    const first = startWorker();

    const up = await api.inject({
      method: bulkAccountsApi.upload.method,
      url: urlOf(bulkAccountsApi.upload, { query: { organizationId: institution.id } }),
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(202);
    const importId: string = up.json().importId;
    const status = async () => {
      const res = await api.inject({ url: pathOf(bulkAccountsApi.get, { importId }), headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json() as { status: string; processedRows: number; error?: string | null };
    };
    await waitFor(async () => (await status()).status === 'previewed', LONG, 'the preview');

    // The worker applies two batches of 500 rows and is killed while it writes the third.
    const [third500] = await rows(
      `select row_number from bulk_import_rows where import_id = $1 order by row_number offset 1000 limit 1`,
      [importId],
    );
    await locks.lock('bulk_import_rows', `import_id = '${importId}' and row_number = $1`, [
      third500.row_number,
    ]);
    const commit = await api.inject({
      method: bulkAccountsApi.commit.method,
      url: pathOf(bulkAccountsApi.commit, { importId }),
      headers: auth,
      payload: { mode: 'createAndUpdate' },
    });
    expect(commit.statusCode).toBe(202);
    await stuckWorker();
    expect(await status()).toMatchObject({ status: 'running', processedRows: 1000 });
    const second = startWorker();
    await kill(first);
    await locks.releaseAll();

    const finished = await waitFor(
      async () => {
        const s = await status();
        return s.status !== 'running' && s.status !== 'queued' && s;
      },
      LONG,
      'the import ended',
    );
    expect(finished).toMatchObject({ status: 'done', processedRows: ROWS, error: null });
    // ...by pg-boss's retry of the killed attempt
    const job = await waitFor(
      async () => {
        const [j] = await rows(
          `select state, retry_count from ${BOSS_SCHEMA}.job where name = 'bulkAccounts.apply' and singleton_key = $1`,
          [`bulk-apply-${importId}`],
        );
        return j?.state === 'completed' && j;
      },
      LONG,
      'the apply job completed',
    );
    expect(job.retry_count).toBe(1);
    await kill(second);

    const like = `%@${DOMAIN}`;
    expect(await count(`select count(*)::int as n from users where email like $1`, [like])).toBe(ROWS);
    expect(
      await count(
        `select count(*)::int as n from memberships m join users u on u.id = m.user_id
          where u.email like $1 and m.institution_id = $2`,
        [like, institution.id],
      ),
    ).toBe(ROWS);
    expect(
      await count(
        `select count(*)::int as n from group_members gm join users u on u.id = gm.user_id
          where u.email like $1 and gm.group_id = $2`,
        [like, role.id],
      ),
    ).toBe(ROWS);
    expect(
      await count(
        `select count(*)::int as n from bulk_import_rows where import_id = $1 and result = 'created'`,
        [importId],
      ),
    ).toBe(ROWS);
    // One setup e-mail per account, and one delivery job per e-mail.
    expect(
      await count(`select count(distinct "to")::int as n from mail_outbox where "to" like $1`, [like]),
    ).toBe(ROWS);
    expect(await count(`select count(*)::int as n from mail_outbox where "to" like $1`, [like])).toBe(ROWS);
    expect(
      await count(
        `select count(*)::int as n from ${BOSS_SCHEMA}.job j join mail_outbox m on j.singleton_key = 'mail-' || m.id
          where j.name = 'mail.send' and m."to" like $1`,
        [like],
      ),
    ).toBe(ROWS);
  });

  it('no worker logged a job queue error', () => {
    expect(
      workerLog
        .join('')
        .split('\n')
        .filter((l) => l.includes('job queue error')),
    ).toEqual([]);
  });
});

describe.skipIf(PG)('a worker process killed mid-job (PGlite)', () => {
  it.skip('needs PostgreSQL: PGlite is one process, so a separate worker process cannot share its database', () => {});
});
