import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  copyJobs,
  enrollments,
  mailOutbox,
  products,
  sectionAlerts,
  sectionInstructors,
  sections,
} from '../../db/schema';
import { alertsApi } from '../../../shared/contract/alerts';
import { courseCopyApi } from '../../../shared/contract/course-copy';
import { ALL_JOBS } from '../../jobs';
import {
  copyCourse,
  copySection,
  createCopyWorld,
  FAST_COPY_ENV,
  gate,
  postCopy,
  waitForRequest,
} from '../../test/copy-fixtures';
import { createUser } from '../../test/fixtures';
import { copyFaults } from '../../test/copy-faults';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { CopyFailure } from './copy-together.service';

/** The copy job through real pg-boss workers: every status path of spec §4. */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
let token: string;
let org: number;

beforeAll(async () => {
  t = await createTestApp({ workers: true, env: FAST_COPY_ENV, testHooks: { copy: copyFaults } });
  w = await createCopyWorld(t.db, 'cj');
  org = w.institution.id;
  token = await t.as('cj-admin').token();
  const student = await createUser(t.db, 'cj-student');
  await t.db.insert(enrollments).values({ sectionId: w.source.id, userId: student.id, accessType: 'PAID' });
});
afterAll(() => t.close());
afterEach(() => {
  copyFaults.beforeCopy = undefined;
  copyFaults.afterCommit = undefined;
});

const sectionsNamed = async (courseName: string) =>
  t.db.select().from(sections).where(eq(sections.courseName, courseName));

describe('succeeded', () => {
  it('creates each section with product, settings and instructors but no students, and e-mails the requester', async () => {
    const req = await postCopy(
      t.app,
      token,
      org,
      [copyCourse(w.source.id, 'OK 1'), copyCourse(w.source.id, 'OK 2')],
      true,
    );
    expect(req.statuses.map((s) => s.status)).toEqual(['notstarted', 'notstarted']);
    const done = await waitForRequest(t.app, token, org, req.trackingId);
    expect(done.statuses.map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
    for (const s of done.statuses) {
      const [created] = await t.db.select().from(sections).where(eq(sections.id, s.sectionId!));
      expect(created).toMatchObject({
        institutionId: org,
        productId: w.product.id,
        courseName: s.courseName,
        censusDuration: 14,
        courseType: 'standalone',
        copiedFromSectionId: w.source.id,
        createdBy: w.admin.id,
      });
      const teachers = await t.db
        .select()
        .from(sectionInstructors)
        .where(eq(sectionInstructors.sectionId, created.id));
      expect(teachers.map((i) => i.userId)).toEqual([w.teacher.id]);
      const students = await t.db
        .select({ n: count() })
        .from(enrollments)
        .where(eq(enrollments.sectionId, created.id));
      expect(students[0].n).toBe(0);
    }
    const mail = await waitFor(async () => {
      const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'cj-admin@example.edu'));
      return rows.length ? rows : undefined;
    });
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Your course copy request has finished: 2 of 2 created');
    expect(mail[0].text).toContain('- OK 1: created');
  });

  it('creates a child course: inherits product and settings, and the parent becomes a parent', async () => {
    const res = await t.as('cj-admin').call(courseCopyApi.createChild, {
      body: {
        organizationId: org,
        parentSectionId: w.source.id,
        courseName: 'Child 1',
        startDate: w.source.startDate,
        endDate: w.source.endDate,
      },
    });
    expect(res.statusCode).toBe(200);
    const done = await waitForRequest(t.app, token, org, res.json().trackingId);
    expect(done.statuses[0].status).toBe('succeeded');
    const [child] = await t.db.select().from(sections).where(eq(sections.id, done.statuses[0].sectionId!));
    expect(child).toMatchObject({
      parentSectionId: w.source.id,
      courseType: 'child',
      productId: w.product.id,
      censusDuration: 14,
    });
    const [parent] = await t.db.select().from(sections).where(eq(sections.id, w.source.id));
    expect(parent.courseType).toBe('parent');
    // a parent can still be copied; the copy stands alone
    const copy = await postCopy(t.app, token, org, [copyCourse(w.source.id, 'Copy of parent')]);
    const copied = await waitForRequest(t.app, token, org, copy.trackingId);
    const [c] = await t.db.select().from(sections).where(eq(sections.id, copied.statuses[0].sectionId!));
    expect(c.courseType).toBe('standalone');
  });
});

describe('notstarted, processing', () => {
  it('shows processing while a worker copies the course', async () => {
    const g = gate();
    copyFaults.beforeCopy = (row) => (row.courseName === 'Slow' ? g.opened : undefined);
    const req = await postCopy(t.app, token, org, [copyCourse(w.source.id, 'Slow')]);
    const busy = await waitForRequest(
      t.app,
      token,
      org,
      req.trackingId,
      (r) => r.statuses[0].status === 'processing',
    );
    expect(busy.statuses[0].attempts).toBe(1);
    g.open();
    const done = await waitForRequest(t.app, token, org, req.trackingId);
    expect(done.statuses[0].status).toBe('succeeded');
  });

  it("queues a request's jobs in its transaction: when the queue refuses, nothing is recorded", async () => {
    const sendMany = t.app.jobs.sendMany;
    t.app.jobs.sendMany = async () => {
      throw new Error('queue unavailable');
    };
    try {
      const res = await t.as('cj-admin').call(courseCopyApi.copy, {
        body: { organizationId: org, courses: [copyCourse(w.source.id, 'Unqueued')], sendEmail: false },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      t.app.jobs.sendMany = sendMany;
    }
    expect(await t.db.select().from(copyJobs).where(eq(copyJobs.courseName, 'Unqueued'))).toEqual([]);
  });
});

describe('failures', () => {
  it('retries a failing course with backoff and ends in FailedPermanently with a reason; Retry then succeeds', async () => {
    // What pg-boss stored for each attempt, read with the database's own clock (never the test's):
    // when the attempt was scheduled for, when a worker took it, and the database time it ran.
    const attempts: { startAfter: Date; startedOn: Date; at: Date; retryCount: number }[] = [];
    copyFaults.beforeCopy = async (row) => {
      if (row.courseName !== 'Flaky') return;
      const { rows } = await t.database.sql.executeSql(
        `select start_after as "startAfter", started_on as "startedOn", clock_timestamp() as at,
                retry_count as "retryCount"
           from pgboss.job where id = $1`,
        [row.queueJobId],
      );
      attempts.push(
        ...rows.map((r) => ({
          ...r,
          startAfter: new Date(r.startAfter),
          startedOn: new Date(r.startedOn),
          at: new Date(r.at),
        })),
      );
      throw new CopyFailure('the course service did not answer');
    };
    const req = await postCopy(t.app, token, org, [copyCourse(w.source.id, 'Flaky')], true);
    const failed = await waitForRequest(
      t.app,
      token,
      org,
      req.trackingId,
      (r) => r.statuses[0].status === 'Failed',
    );
    expect(failed.statuses[0].reason).toBe(
      'The copy failed (attempt 1 of 3): the course service did not answer. It will be tried again automatically.',
    );
    const final = await waitForRequest(t.app, token, org, req.trackingId);
    expect(final.statuses[0]).toMatchObject({
      status: 'FailedPermanently',
      attempts: 3,
      reasonCode: 160,
      sectionId: null,
      reason:
        'The copy failed on its last attempt (attempt 3 of 3): the course service did not answer. Use Retry to try again.',
    });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    for (let i = 1; i < attempts.length; i++) {
      // Each retry was scheduled at least COPY_RETRY_DELAY_MAX_SECONDS (1 s: the backoff's ceiling
      // here) after the failed attempt ran, and no worker took it before that time.
      expect(
        attempts[i].startAfter.getTime() - attempts[i - 1].at.getTime(),
        `retry ${i}`,
      ).toBeGreaterThanOrEqual(1000);
      expect(attempts[i].startedOn.getTime(), `retry ${i}`).toBeGreaterThanOrEqual(
        attempts[i].startAfter.getTime(),
      );
    }
    expect(await sectionsNamed('Flaky')).toHaveLength(0);
    const mails = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.text} like '%Flaky%'`)
        .orderBy(mailOutbox.id);
      return rows.length ? rows : undefined;
    });
    expect(mails[0].subject).toBe('Your course copy request has finished: 0 of 1 created');
    expect(mails[0].text).toContain(
      '- Flaky: not created (failed permanently: The copy failed on its last attempt. Use Retry to try again.)',
    );

    // the copy-status alert lists it; Retry from the UI queues it again and it succeeds
    const alerts = await t.as('cj-admin').call(alertsApi.list, { query: { organizationId: org } });
    expect(alerts.json().today.courseCopyStatuses).toContainEqual(
      expect.objectContaining({ id: req.statuses[0].id, status: 'FailedPermanently', courseName: 'Flaky' }),
    );
    copyFaults.beforeCopy = undefined;
    const retry = await t
      .as('cj-admin')
      .call(courseCopyApi.retry, { body: { organizationId: org, ids: [req.statuses[0].id] } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().statuses[0]).toMatchObject({ status: 'notstarted', reason: null });
    const again = await waitForRequest(t.app, token, org, req.trackingId);
    expect(again.statuses[0]).toMatchObject({ status: 'succeeded', attempts: 4, reason: null });
    expect(await sectionsNamed('Flaky')).toHaveLength(1);
    const mailsAfter = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.text} like '%Flaky%'`)
        .orderBy(mailOutbox.id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(mailsAfter[1].subject).toBe('Your course copy request has finished: 1 of 1 created');
  });

  it("copies a request's courses together; when one breaks that copy, the others are copied one by one and only it fails", async () => {
    // The database refuses one course's section: the request's shared transaction fails with it.
    await t.database.sql.executeSql(`
      create function refuse_broken() returns trigger language plpgsql as $$
      begin
        if new.course_name = 'Broken' then raise exception 'refused'; end if;
        return new;
      end $$;
      create trigger refuse_broken before insert on sections for each row execute function refuse_broken();`);
    try {
      const req = await postCopy(t.app, token, org, [
        copyCourse(w.source.id, 'Sibling 1'),
        copyCourse(w.source.id, 'Broken'),
        copyCourse(w.source.id, 'Sibling 2'),
      ]);
      const done = await waitForRequest(t.app, token, org, req.trackingId);
      expect(done.statuses.map((s) => [s.courseName, s.status, s.attempts])).toEqual([
        ['Sibling 1', 'succeeded', 1],
        ['Broken', 'FailedPermanently', 3],
        ['Sibling 2', 'succeeded', 1],
      ]);
      expect(done.statuses[1].reason).toBe(
        'The copy failed on its last attempt (attempt 3 of 3): an unexpected error stopped the copy. Use Retry to try again.',
      );
      expect((await sectionsNamed('Sibling 1')).length + (await sectionsNamed('Sibling 2')).length).toBe(2);
    } finally {
      await t.database.sql.executeSql(
        'drop trigger refuse_broken on sections; drop function refuse_broken();',
      );
    }
  });

  it('fails a course for good, without retries, when its product is retired before the copy runs', async () => {
    const product = w.product.id;
    copyFaults.beforeCopy = async (row) => {
      if (row.courseName === 'Retired')
        await t.db.update(products).set({ status: 'retired' }).where(eq(products.id, product));
    };
    try {
      const req = await postCopy(t.app, token, org, [copyCourse(w.source.id, 'Retired')]);
      const done = await waitForRequest(t.app, token, org, req.trackingId);
      expect(done.statuses[0]).toMatchObject({
        status: 'FailedPermanently',
        reasonCode: 105,
        attempts: 1,
        reason: 'The course can no longer be copied: This Product is No Longer Available.',
      });
    } finally {
      await t.db.update(products).set({ status: 'active' }).where(eq(products.id, product));
    }
  });

  it('marks a course notapplicable when its source is removed before the copy runs', async () => {
    const doomed = await t.db
      .insert(sections)
      .values({
        institutionId: org,
        productId: w.product.id,
        courseName: 'Doomed',
        startDate: '2025-01-06',
        endDate: '2025-05-02',
      })
      .returning();
    copyFaults.beforeCopy = async (row) => {
      if (row.courseName === 'Gone') {
        await t.db.update(sections).set({ deletedAt: new Date() }).where(eq(sections.id, doomed[0].id));
      }
    };
    const req = await postCopy(t.app, token, org, [copyCourse(doomed[0].id, 'Gone')]);
    const done = await waitForRequest(t.app, token, org, req.trackingId);
    expect(done.statuses[0]).toMatchObject({
      status: 'notapplicable',
      reason: 'The course to copy was removed before the copy started.',
      sectionId: null,
    });
  });
});

describe('exactly once', () => {
  it('a worker that crashes after creating the section but before acknowledging creates nothing more on retry', async () => {
    let crashes = 0;
    copyFaults.afterCommit = (row) => {
      if (row.courseName === 'Crash' && crashes++ === 0) throw new Error('worker crashed');
    };
    const req = await postCopy(t.app, token, org, [copyCourse(w.source.id, 'Crash')]);
    const done = await waitForRequest(t.app, token, org, req.trackingId);
    await waitFor(async () => crashes >= 1);
    expect(done.statuses[0].status).toBe('succeeded');
    // the retry ran (and found the course done)
    const job = await waitFor(async () => {
      const [row] = await t.db.select().from(copyJobs).where(eq(copyJobs.id, req.statuses[0].id));
      const queued = await t.app.jobs.boss.getJobById('copy.course', row.queueJobId!);
      return queued?.state === 'completed' ? queued : undefined;
    });
    expect(job.retryCount).toBe(1);
    expect(await sectionsNamed('Crash')).toHaveLength(1);
  });

  it('copies the same section several times in one request, once per course', async () => {
    const courses = Array.from({ length: 5 }, (_, i) => copyCourse(w.source.id, `Many ${i}`));
    const req = await postCopy(t.app, token, org, courses);
    const done = await waitForRequest(t.app, token, org, req.trackingId);
    expect(new Set(done.statuses.map((s) => s.sectionId)).size).toBe(5);
    const [n] = await t.db
      .select({ n: count() })
      .from(sections)
      .where(and(eq(sections.copiedFromSectionId, w.source.id), sql`${sections.courseName} like 'Many %'`));
    expect(n.n).toBe(5);
  });
});

describe('scheduled jobs', () => {
  it('schedules the alert scan, and the scan raises alerts through pg-boss', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['alerts.scan', '*/5 * * * *']);
    expect(schedules.map((s) => s.name)).not.toContain('copy.dispatch');
    // the scan as registered (alerts already builds on course-copy, so no import back)
    // a student-use section of its own: w.source became a master shell when a test above made it a child
    const lonely = await copySection(t.db, w.institution.id, {
      createdAt: new Date(Date.now() - 90 * 86_400_000),
    });
    const scan = ALL_JOBS.find((job) => job.name === 'alerts.scan')!;
    await t.app.jobs.send(scan, {});
    const raised = await waitFor(async () => {
      const rows = await t.db.select().from(sectionAlerts).where(eq(sectionAlerts.sectionId, lonely.id));
      return rows.length ? rows : undefined;
    });
    expect(raised[0].alertType).toBe('low_enrollment'); // started 60 days ago with no student
  });
});
