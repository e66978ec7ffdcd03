import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COPY_STATUSES,
  CopyStatusEntry,
  RETRYABLE_COPY_STATUSES,
} from '../../../shared/contract/course-copy';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../../db/client';
import { createEmptyPostgresDatabase } from '../../test/empty-database';
import * as q from './course-copy.queries';

/** Courses an older version left `pending` (recorded, never queued) are failed by the upgrade, ready for Retry. */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const BEFORE = '0026_course_list_index';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Today's migrations folder with the journal cut after BEFORE. */
function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cwa-copy-pending-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

async function openEmpty(): Promise<Database> {
  if (!PG) return openDatabase({});
  const empty = await createEmptyPostgresDatabase('copy_pending');
  const database = openDatabase({ databaseUrl: empty.url, poolMax: 2 });
  cleanup.push(empty.drop, () => database.close());
  return database;
}

describe(`upgrade: copy courses left pending (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fails a pending course without a queue job, so Retry can queue it; others are untouched', {
    timeout: 120_000,
  }, async () => {
    const database = await openEmpty();
    const folder = migrationsBefore();
    if (PG) await migratePg(database.db as never, { migrationsFolder: folder });
    else await migratePglite(database.db as never, { migrationsFolder: folder });
    const request = randomUUID();
    await database.sql.executeSql(`
      insert into organizations (id, name) values (501, 'Pending Org');
      insert into institutions (id, organization_id, display_name) values (601, 501, 'Pending U');
      insert into users (id, username, email, first_name, last_name)
        values (701, 'pending-admin', 'pending-admin@example.edu', 'Pen', 'Ding');
      insert into sections (id, institution_id, course_name, start_date, end_date)
        values (801, 601, 'Biology 101', '2026-01-10', '2026-05-20');
      insert into copy_requests (id, institution_id, requested_by) values ('${request}', 601, 701);
      insert into copy_jobs (id, request_id, source_section_id, course_name)
        values (1001, '${request}', 801, 'Left pending');
      insert into copy_jobs (id, request_id, source_section_id, course_name, status, queue_job_id)
        values (1002, '${request}', 801, 'Queued', 'notstarted', '${randomUUID()}');
    `);
    const old = await database.sql.executeSql(`select status, queue_job_id from copy_jobs where id = 1001`);
    expect(old.rows).toEqual([{ status: 'pending', queue_job_id: null }]); // the old default

    await database.migrate();

    const [failed, queued] = await Promise.all([
      q.findCopyJob(database.db, 1001),
      q.findCopyJob(database.db, 1002),
    ]);
    expect(failed).toMatchObject({
      status: 'FailedPermanently',
      reason: 'The copy was not started. Use Retry to try again.',
      reasonCode: 160,
      queueJobId: null,
    });
    expect(failed?.finishedAt).toBeInstanceOf(Date);
    expect(queued).toMatchObject({ status: 'notstarted', reason: null, finishedAt: null });
    expect(RETRYABLE_COPY_STATUSES).toContain(failed?.status);
    // Retry's own step takes it back
    const retried = await q.requeueFailed(database.db, 1001, randomUUID());
    expect(retried).toMatchObject({ status: 'notstarted', reason: null, finishedAt: null });
    // new rows start as notstarted
    const fresh = await database.sql.executeSql(
      `insert into copy_jobs (request_id, source_section_id, course_name) values ('${request}', 801, 'New') returning status`,
    );
    expect(fresh.rows).toEqual([{ status: 'notstarted' }]);
  });

  it('no longer offers pending as a copy status', () => {
    expect(COPY_STATUSES).not.toContain('pending');
    expect(CopyStatusEntry.shape.status.safeParse('pending').success).toBe(false);
    expect(CopyStatusEntry.shape.status.safeParse('notstarted').success).toBe(true);
  });
});
