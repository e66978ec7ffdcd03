import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { BOSS_SCHEMA } from '../jobs/queue';
import { copyCourse, createCopyWorld, FAST_COPY_ENV, postCopy } from './copy-fixtures';
import { waitFor } from './wait-for';
import { bearer, createInstitution, createRole, createUser, login } from './fixtures';
import { createPostgresTestDatabase } from './harness';
import { multipart, XLSX_TYPE, xlsx } from './xlsx-files';

/**
 * A real worker process (`ROLE=worker`, src/server/main.ts) is killed with SIGKILL in the middle of
 * a 200-course copy and of a 5,000-row bulk import; a new worker process finishes the work. Every
 * course and every row is done exactly once. The API runs in this process (ROLE=api, no workers).
 *
 * A killed worker's jobs stay "active" in pg-boss until their expiry (five minutes for a copy, an
 * hour for an import) and the supervisor fails them at its next round (every minute). The test
 * does not wait that long: it moves the dead jobs' start back past their expiry and runs one
 * supervisor round itself (pg-boss's public `supervise()`), which is exactly what would happen later.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const COPIES = 200;
const ROWS = 5000;
const DOMAIN = 'worker-fault.example.edu';
const BULK = '/api/registrarUser/instructor/bulkAccountCreation';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NODE = join(ROOT, 'node_modules/.bin/node');
const MAIN = join(ROOT, 'src/server/main.ts');
const LONG = 150_000;

let url: string;
let database: Database;
let api: FastifyInstance;
let boss: PgBoss;
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-worker-fault-'));
const workers: ChildProcess[] = [];

/** Starts `src/server/main.ts` as a worker-only process on the test database (its own process group). */
function startWorker() {
  const child = spawn(NODE, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      ...FAST_COPY_ENV,
      DATABASE_URL: url,
      ROLE: 'worker',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  child.on('exit', (code) => {
    if (code) console.error(`worker exited with ${code}: ${stderr}`);
  });
  workers.push(child);
  return child;
}

/** SIGKILL to the worker's whole process group; resolves once it is gone. */
async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await gone;
}

const count = async (text: string, values: unknown[] = []) =>
  Number((await database.sql.executeSql(text, values)).rows[0].n);

/** What pg-boss does once a dead worker's jobs pass their expiry; returns how many jobs were in flight. */
async function expireDeadJobs(queues: string[]) {
  const { rows } = await database.sql.executeSql(
    `update ${BOSS_SCHEMA}.job set started_on = now() - interval '2 hours'
      where state = 'active' and name = any($1::text[]) returning id`,
    [queues],
  );
  await database.sql.executeSql(
    `update ${BOSS_SCHEMA}.queue set monitor_on = null where name = any($1::text[])`,
    [queues],
  );
  for (const q of queues) await boss.supervise(q);
  const left = await count(
    `select count(*)::int as n from ${BOSS_SCHEMA}.job where state = 'active' and name = any($1::text[])`,
    [queues],
  );
  expect(left).toBe(0);
  return rows.length;
}

beforeAll(async () => {
  if (!PG) return;
  url = await createPostgresTestDatabase();
  database = openDatabase({ databaseUrl: url, poolMax: 5 });
  api = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', ...FAST_COPY_ENV }),
    { database, logger: false },
  );
  await api.ready();
  boss = new PgBoss({
    connectionString: url,
    schema: BOSS_SCHEMA,
    supervise: false,
    schedule: false,
    max: 2,
  });
  boss.on('error', () => {});
  await boss.start();
});

afterAll(async () => {
  for (const w of workers) await kill(w);
  await boss?.stop({ graceful: false, close: true, wait: true });
  await api?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!PG)('a worker process killed mid-job (PostgreSQL)', () => {
  it('200-course copy: after a restart every course is copied exactly once', {
    timeout: 4 * LONG,
  }, async () => {
    const w = await createCopyWorld(database.db, 'wf');
    const token = await login(api, 'wf-admin');
    const names = Array.from({ length: COPIES }, (_, i) => `Fault copy ${i + 1}`);
    const first = startWorker();
    const req = await postCopy(
      api,
      token,
      w.institution.id,
      names.map((n) => copyCourse(w.source.id, n)),
    );
    const succeeded = () =>
      count(`select count(*)::int as n from copy_jobs where request_id = $1 and status = 'succeeded'`, [
        req.trackingId,
      ]);

    // Kill when some but not all courses are copied.
    const before = await waitFor(
      async () => {
        const n = await succeeded();
        if (n >= COPIES) throw new Error('the worker copied every course before it could be killed');
        return n > 0 && n;
      },
      LONG,
      'the first copies',
    );
    await kill(first);
    expect(before).toBeLessThan(COPIES);
    expect(await expireDeadJobs(['copy.course', 'copy.course.dead'])).toBeGreaterThan(0);

    const second = startWorker();
    await waitFor(
      async () =>
        (await count(
          `select count(*)::int as n from copy_jobs
            where request_id = $1 and status in ('succeeded', 'notapplicable', 'FailedPermanently')`,
          [req.trackingId],
        )) === COPIES &&
        // ...and the request is marked finished (a step after the last course).
        (await count(
          `select count(*)::int as n from copy_requests where id = $1 and finished_at is not null`,
          [req.trackingId],
        )) === 1,
      LONG,
      'every course final and the request finished',
    );
    await kill(second); // the next test starts its own workers

    const { rows: jobs } = await database.sql.executeSql(
      `select status, course_name, result_section_id from copy_jobs where request_id = $1`,
      [req.trackingId],
    );
    expect(jobs).toHaveLength(COPIES);
    expect(jobs.filter((j: { status: string }) => j.status !== 'succeeded')).toEqual([]);
    expect(
      await count(
        `select count(*)::int as n from sections where institution_id = $1 and course_name like 'Fault copy %'`,
        [w.institution.id],
      ),
    ).toBe(COPIES);
    expect(
      await count(
        `select count(distinct course_name)::int as n from sections
          where institution_id = $1 and course_name like 'Fault copy %'`,
        [w.institution.id],
      ),
    ).toBe(COPIES);
    // Each course's one section is the one its copy job recorded.
    expect(
      await count(
        `select count(*)::int as n from copy_jobs j join sections s on s.id = j.result_section_id
          where j.request_id = $1 and s.course_name = j.course_name`,
        [req.trackingId],
      ),
    ).toBe(COPIES);
    const [request] = (
      await database.sql.executeSql(`select finished_at from copy_requests where id = $1`, [req.trackingId])
    ).rows;
    expect(request.finished_at).not.toBeNull();
  });

  it('5,000-row bulk import: after a restart every row is applied exactly once', {
    timeout: 4 * LONG,
  }, async () => {
    const institution = await createInstitution(database.db, 'Worker Fault College');
    const registrar = await createUser(database.db, 'wf-registrar');
    await createRole(database.db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [registrar.id]);
    const role = await createRole(database.db, institution.id, 'Instructor', ['CAN_ENROLL_STUDENTS'], []);
    const auth = bearer(await login(api, 'wf-registrar'));
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const n = String(i + 1).padStart(5, '0');
      return ['Ada', `Fault${n}`, `fault.${n}@${DOMAIN}`, `fault_${n}`, 'Instructor'];
    });
    const body = multipart('accounts.xlsx', await xlsx(rows), XLSX_TYPE);
    const worker = startWorker();

    const up = await api.inject({
      method: 'POST',
      url: `${BULK}?organizationId=${institution.id}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(202);
    const importId: string = up.json().importId;
    const status = async () => {
      const res = await api.inject({ url: `${BULK}/${importId}`, headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json() as { status: string; error?: string | null };
    };
    await waitFor(async () => (await status()).status === 'previewed', LONG, 'the preview');
    const commit = await api.inject({
      method: 'POST',
      url: `${BULK}/${importId}/commit`,
      headers: auth,
      payload: { mode: 'createAndUpdate' },
    });
    expect(commit.statusCode).toBe(202);

    const applied = () =>
      count(`select count(*)::int as n from bulk_import_rows where import_id = $1 and result is not null`, [
        importId,
      ]);
    await waitFor(
      async () => {
        const n = await applied();
        if (n >= ROWS) throw new Error('the worker applied every row before it could be killed');
        return n > 0;
      },
      LONG,
      'the first applied rows',
    );
    await kill(worker);
    expect(await applied()).toBeLessThan(ROWS);
    expect(await expireDeadJobs(['bulkAccounts.apply'])).toBe(1);

    const second = startWorker();
    await waitFor(
      async () => {
        const s = await status();
        if (s.status === 'failed') throw new Error(`import failed: ${s.error}`);
        if (s.status !== 'done') return false;
        const state = await database.sql.executeSql(
          `select state from ${BOSS_SCHEMA}.job where name = 'bulkAccounts.apply' and singleton_key = $1
            order by created_on desc limit 1`,
          [`bulk-apply-${importId}`],
        );
        return state.rows[0]?.state === 'completed';
      },
      LONG,
      'the import done',
    );
    await kill(second);

    const like = `%@${DOMAIN}`;
    expect(await count(`select count(*)::int as n from users where email like $1`, [like])).toBe(ROWS);
    expect(await count(`select count(distinct email)::int as n from users where email like $1`, [like])).toBe(
      ROWS,
    );
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
    expect(await count(`select count(*)::int as n from mail_outbox where "to" like $1`, [like])).toBe(ROWS);
    expect(
      await count(`select count(distinct "to")::int as n from mail_outbox where "to" like $1`, [like]),
    ).toBe(ROWS);
    expect(
      await count(
        `select count(*)::int as n from bulk_import_rows where import_id = $1 and result = 'created'`,
        [importId],
      ),
    ).toBe(ROWS);
    expect(
      await count(`select count(distinct user_id)::int as n from bulk_import_rows where import_id = $1`, [
        importId,
      ]),
    ).toBe(ROWS);
  });
});

describe.skipIf(PG)('a worker process killed mid-job (PGlite)', () => {
  it.skip('needs PostgreSQL: PGlite is one process, so a separate worker process cannot share its database', () => {});
});
