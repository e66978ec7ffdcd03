import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inclusiveAccessApi } from '../../../shared/contract/inclusive-access';
import { rostersApi } from '../../../shared/contract/rosters';
import { auditLog, enrollments, institutions, optStatusChanges } from '../../db/schema';
import {
  createCourseWorld,
  createSection,
  createStaff,
  createStudent,
  day,
  enroll,
  setInstructors,
} from '../../test/course-fixtures';
import { createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import type { RouteBody, RouteQuery } from '../../../shared/contract/route';
import { dropEnrollment } from './ia.drop';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
/** Census in 5 days (open), today (locked at census), 10 days ago (locked after census). */
const course: Record<'before' | 'at' | 'after' | 'none', { id: number }> = {} as never;
const student: Record<string, { id: number }> = {};

/** Sets an opt status; the body is sent as given (some tests send a malformed one on purpose). */
const opt = (who: string, sectionId: number, payload: unknown) =>
  t.as(who).post(inclusiveAccessApi.optStatus.path, payload, { query: { sectionId: String(sectionId) } });
/** A row action of the clerk on the course before census. */
const clerk = <D extends typeof inclusiveAccessApi.drop | typeof inclusiveAccessApi.extendTrial>(
  route: D,
  body: RouteBody<D>,
) => t.as('iaclerk').call(route, { query: { sectionId: course.before.id } as RouteQuery<D>, body });
const row = async (id: number) => (await t.db.select().from(enrollments).where(eq(enrollments.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'ia');
  await t.db.update(institutions).set({ offerType: 'INCLUSIVE_ACCESS' }).where(eq(institutions.id, w.a.id));
  const clerk = await createUser(t.db, 'iaclerk');
  await createRole(t.db, w.a.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_ENROLL_STUDENTS'], [clerk.id]);
  const mk = (start: number) =>
    createSection(t.db, { institutionId: w.a.id, startDate: day(start), censusDuration: 10 });
  course.before = await mk(-5);
  course.at = await mk(-10);
  course.after = await mk(-20);
  course.none = await createSection(t.db, { institutionId: w.a.id, startDate: day(-20), censusDuration: -1 });
  for (const k of Object.keys(course) as (keyof typeof course)[]) {
    const s = await createStudent(t.db, w.a.id, `ia-${k}`);
    student[k] = await enroll(t.db, course[k].id, s, { accessType: 'PAID', endsInDays: 100 });
  }
});
afterAll(() => t.close());

describe('the opt window', () => {
  it('before census: staff with the right change the status; it is recorded, not late', async () => {
    const res = await opt('iaclerk', course.before.id, {
      enrollmentId: student.before.id,
      optStatus: 'optout',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enrollmentId: student.before.id,
      optStatus: 'optout',
      late: false,
      changed: true,
    });
    const e = await row(student.before.id);
    expect(e.optStatus).toBe('optout');
    expect(e.optDecidedAt).not.toBeNull();
    const changes = await t.db
      .select()
      .from(optStatusChanges)
      .where(eq(optStatusChanges.enrollmentId, student.before.id));
    expect(changes).toMatchObject([{ previousOptStatus: 'optin', newOptStatus: 'optout', late: false }]);
  });

  it('at census it is locked: refused without the override right, nothing changed', async () => {
    const res = await opt('iaclerk', course.at.id, { enrollmentId: student.at.id, optStatus: 'optout' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.optLocked');
    expect((await row(student.at.id)).optStatus).toBe('optin');
  });

  it('after census a late override needs a reason (422, nothing changed), then is audited as late', async () => {
    const bare = await opt('iareg', course.after.id, { enrollmentId: student.after.id, optStatus: 'optout' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().message).toBe('error.optReasonRequired');
    expect((await row(student.after.id)).optStatus).toBe('optin');
    const res = await opt('iareg', course.after.id, {
      enrollmentId: student.after.id,
      optStatus: 'optout',
      reason: 'Withdrew in week 1; registrar confirmed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ late: true, optStatus: 'optout' });
    const [a] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'optStatus.lateOverride'));
    expect(a.after).toMatchObject({ reason: 'Withdrew in week 1; registrar confirmed' });
  });

  it('refuses viewers and internal users (403), other institutions (403), a course without an offer (422)', async () => {
    const body = { enrollmentId: student.before.id, optStatus: 'optin' };
    expect((await opt('iaviewer', course.before.id, body)).statusCode).toBe(403);
    expect((await opt('iainsider', course.before.id, body)).statusCode).toBe(403);
    expect((await opt('iaother', course.before.id, body)).statusCode).toBe(403);
    await t.db.update(institutions).set({ offerType: null }).where(eq(institutions.id, w.a.id));
    const none = await opt('iareg', course.before.id, body);
    await t.db.update(institutions).set({ offerType: 'INCLUSIVE_ACCESS' }).where(eq(institutions.id, w.a.id));
    expect(none.json().message).toBe('error.optNoModel');
  });

  it('404 for an enrollment of another course; 422 for bad input', async () => {
    const other = await opt('iareg', course.before.id, { enrollmentId: student.at.id, optStatus: 'optout' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('error.enrollmentNotFound');
    expect(
      (await opt('iareg', course.before.id, { enrollmentId: student.before.id, optStatus: 'maybe' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await opt('iareg', course.before.id, {
          enrollmentId: student.before.id,
          optStatus: 'optin',
          reason: 'x'.repeat(501),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('instructors and TAs on the roster have no opt action', async () => {
    const ta = await createStaff(t.db, w.a.id, 'ia-ta', 'ta');
    const e = await enroll(t.db, course.before.id, ta);
    await t.db.update(enrollments).set({ courseRole: 'ta' }).where(eq(enrollments.id, e.id));
    const res = await opt('iareg', course.before.id, { enrollmentId: e.id, optStatus: 'optout' });
    expect(res.json().message).toBe('error.optStaffEnrollment');
    await setInstructors(t.db, course.before.id, [{ userId: ta.id, role: 'ta' }]);
  });
});

describe('drops', () => {
  it('a removal before census ends access and opts out, with the cause; a second drop changes nothing', async () => {
    const s = await createStudent(t.db, w.a.id, 'ia-drop1');
    const e = await enroll(t.db, course.before.id, s, { endsInDays: 100 });
    const res = await clerk(inclusiveAccessApi.drop, { enrollmentId: e.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ optStatus: 'optout', beforeCensus: true });
    const after = await row(e.id);
    expect(after).toMatchObject({ optStatus: 'optout', dropCause: 'removal' });
    expect(after.accessEndsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await clerk(inclusiveAccessApi.drop, { enrollmentId: e.id });
    expect(again.json().droppedAt).toBe(res.json().droppedAt);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(e.id)));
    expect(audits.filter((a) => a.action === 'enrollment.drop')).toHaveLength(1);
  });

  it('each drop source after census records the drop without changing billing', async () => {
    for (const cause of ['rosterSync', 'nrpsInactive', 'optOutFile', 'removal'] as const) {
      const s = await createStudent(t.db, w.a.id, `ia-late-${cause}`);
      const e = await enroll(t.db, course.after.id, s, { endsInDays: 100 });
      await t.db.transaction((tx) => dropEnrollment(tx, null, e.id, cause, new Date()));
      const r = await row(e.id);
      expect(r).toMatchObject({ optStatus: 'optin', dropCause: cause });
      expect(r.droppedAt).not.toBeNull();
      expect(r.accessEndsAt!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('each drop source before census opts out with its cause recorded', async () => {
    for (const cause of ['rosterSync', 'nrpsInactive', 'optOutFile'] as const) {
      const s = await createStudent(t.db, w.a.id, `ia-early-${cause}`);
      const e = await enroll(t.db, course.before.id, s, { endsInDays: 100 });
      await t.db.transaction((tx) => dropEnrollment(tx, null, e.id, cause, new Date()));
      expect(await row(e.id)).toMatchObject({ optStatus: 'optout', dropCause: cause });
      const [c] = await t.db.select().from(optStatusChanges).where(eq(optStatusChanges.enrollmentId, e.id));
      expect(c).toMatchObject({ cause: 'drop', reason: cause, newOptStatus: 'optout' });
    }
  });
});

describe('roster row actions', () => {
  it('extends a running trial with a reason; refuses a paid access (422)', async () => {
    const s = await createStudent(t.db, w.a.id, 'ia-trial');
    const e = await enroll(t.db, course.before.id, s, { accessType: 'TEMP', endsInDays: 3 });
    const trial = inclusiveAccessApi.extendTrial;
    const res = await clerk(trial, { enrollmentId: e.id, days: 7, reason: 'Bookstore delay' });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().accessEndsAt).getTime() - e.accessEndsAt!.getTime()).toBe(7 * 86_400_000);
    const paid = await clerk(trial, { enrollmentId: student.before.id, days: 7, reason: 'x' });
    expect(paid.json().message).toBe('error.notOnTrial');
    expect((await clerk(trial, { enrollmentId: e.id, days: 7, reason: '' })).statusCode).toBe(422);
  });

  it('queues the access e-mail again and audits it', async () => {
    const res = await t.as('iaclerk').call(inclusiveAccessApi.accessMail, {
      query: { sectionId: course.before.id },
      body: { enrollmentId: student.before.id },
    });
    expect(res.statusCode).toBe(200);
    const a = await t.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment.resendAccessMail'));
    expect(a).toHaveLength(1);
  });
});

describe('the roster shows the window and who is billable', () => {
  it('before census: model, census date, days left, open; each row its billing reason', async () => {
    const res = await t
      .as('iareg')
      .call(rostersApi.roster, { query: { sectionId: course.before.id, pageSize: 200 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.window).toEqual({ optModel: 'optOut', censusDate: day(5), daysLeft: 5, locked: false });
    const by = (u: string) => body.students.find((s: { username: string }) => s.username === u);
    expect(by('ia-ta')).toMatchObject({ courseRole: 'ta', billing: { billable: false, reason: 'staff' } });
    expect(by('ia-drop1')).toMatchObject({
      dropCause: 'removal',
      billing: { billable: false, reason: 'droppedBeforeCensus' },
    });
    expect(by('ia-trial').billing).toEqual({ billable: false, reason: 'trialRunning' });
  });

  it('after census: locked, negative days left', async () => {
    const res = await t.as('iareg').call(rostersApi.roster, { query: { sectionId: course.after.id } });
    expect(res.json().window).toMatchObject({ censusDate: day(-10), daysLeft: -10, locked: true });
    const late = res.json().students.find((s: { username: string }) => s.username === 'ia-late-removal');
    expect(late.billing).toEqual({ billable: true, reason: 'droppedAfterCensus' });
  });
});
