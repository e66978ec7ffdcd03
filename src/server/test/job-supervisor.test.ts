import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { bulkImportRows, bulkImports } from '../db/schema';
import { BOSS_SCHEMA } from '../jobs/queue';
import { applyImportJob } from '../modules/bulk-accounts';
import { createInstitution, createUser } from './fixtures';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from './harness';
import { waitFor } from './wait-for';

/**
 * pg-boss's own supervisor, started by the app with JOB_SUPERVISE_INTERVAL_SECONDS=1, runs its
 * rounds on this database without a "job queue error", and fails a job that passed its time limit
 * (the work a killed worker leaves behind). On PGlite or PostgreSQL, whichever the run uses.
 */
const QUEUE = 'test.supervisor';
let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
const bossErrors: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(
    loadConfig({ DATA_DIR: 'unused', ROLE: 'worker', JOB_SUPERVISE_INTERVAL_SECONDS: '1' }),
    { database, logger: { level: 'warn', stream } },
  );
  await app.ready();
  app.jobs.boss.on('error', (err) => bossErrors.push(err));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const monitorOn = async (queue: string) =>
  (await database.sql.executeSql(`select monitor_on from ${BOSS_SCHEMA}.queue where name = $1`, [queue]))
    .rows[0]?.monitor_on as Date | null;

it('runs two supervise rounds with no job queue error and fails an expired job', {
  timeout: 60_000,
}, async () => {
  const boss = app.jobs.boss;
  await boss.createQueue(QUEUE, { retryLimit: 0 });
  // Taken by a "worker" that never answers: only the supervisor can end it.
  const id = await boss.send(QUEUE, { n: 1 }, { expireInSeconds: 1, retryLimit: 0 });
  const [taken] = await boss.fetch(QUEUE);
  expect(taken.id).toBe(id);

  const seen = new Set<number>();
  await waitFor(
    async () => {
      const at = await monitorOn('copy.course');
      if (at) seen.add(new Date(at).getTime());
      return seen.size >= 3; // the round before the test looked, then two more
    },
    30_000,
    'two supervise rounds',
  );
  expect(bossErrors).toEqual([]);
  const job = await waitFor(
    async () => {
      const j = await boss.getJobById(QUEUE, id!);
      return j?.state === 'failed' && j;
    },
    30_000,
    'the expired job failed by the supervisor',
  );
  expect(job.output).toEqual({ value: { message: 'job timed out' } });

  expect(bossErrors).toEqual([]);
  expect(lines.filter((l) => l.includes('job queue error'))).toEqual([]);
});

it('an import whose apply job dies on its last attempt ends failed with a reason, not running for good', {
  timeout: 60_000,
}, async () => {
  const institution = await createInstitution(database.db, 'Supervisor College');
  const user = await createUser(database.db, 'supervisor-registrar');
  const [imp] = await database.db
    .insert(bulkImports)
    .values({
      institutionId: institution.id,
      uploadedBy: user.id,
      committedBy: user.id,
      fileName: 'accounts.xlsx',
      fileSha256: 'x',
      fileSize: 1,
      status: 'running',
      mode: 'create',
      totalRows: 2,
      processedRows: 1,
    })
    .returning();
  const data = {
    firstName: 'Ada',
    lastName: 'L',
    email: 'ada@example.edu',
    username: 'ada',
    role: 'Instructor',
  };
  await database.db.insert(bulkImportRows).values([
    { importId: imp.id, rowNumber: 2, data, match: 'new', result: 'created', userId: user.id },
    { importId: imp.id, rowNumber: 3, data, match: 'new' },
  ]);
  // The attempt is taken by a "worker" that dies: this process's own apply worker stands aside.
  const boss = app.jobs.boss;
  await boss.offWork(applyImportJob.name);
  const id = await app.jobs.send(applyImportJob, { importId: imp.id }, { expireInSeconds: 1, retryLimit: 0 });
  const [taken] = await boss.fetch(applyImportJob.name);
  expect(taken.id).toBe(id);

  const ended = await waitFor(
    async () => {
      const [row] = await database.sql
        .executeSql(`select status, error from bulk_imports where id = $1`, [imp.id])
        .then((r) => r.rows);
      return row.status !== 'running' && row;
    },
    30_000,
    'the import ended',
  );
  expect(ended).toEqual({
    status: 'failed',
    error:
      'The import stopped before it finished (the server stopped or it took too long) and no attempts are left: 1 of 2 rows were applied. Upload the file again to apply the rest.',
  });
  expect(bossErrors).toEqual([]);
});
