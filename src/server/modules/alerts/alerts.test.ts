import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertBucket, alertsApi, countAlerts, isTimeZone } from '../../../shared/contract/alerts';
import type { RouteBody } from '../../../shared/contract/route';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import {
  alertAcknowledgements,
  copyJobs,
  copyRequests,
  enrollments,
  sectionAlerts,
  sections,
} from '../../db/schema';
import { addInstructor, copySection, createCopyWorld } from '../../test/copy-fixtures';
import { day } from '../../test/course-fixtures';
import { addToInternalGroup, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { scanSectionAlerts } from './alerts.service';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
let other: Awaited<ReturnType<typeof createCopyWorld>>;
let org: number;
/** The personas of this file (test users, signed in by `t.as`). */
const tokens = { a: 'al-admin', b: 'al-b', internal: 'al-internal', noDashboard: 'al-nodash' };
let userB: number;

const DAY = 86_400_000;
const MIN = 60_000;
/**
 * The server's clock in this file: 23:59 on 2025-03-10 in Tokyo, 04:59 on 2025-03-10 in Honolulu.
 * Calendar buckets never depend on when the suite runs.
 */
const NOW = new Date('2025-03-10T14:59:00Z');
/** Midnight starting NOW's day in Tokyo (UTC+9, no daylight saving). */
const TOKYO_MIDNIGHT = Date.parse('2025-03-09T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  w = await createCopyWorld(t.db, 'al');
  other = await createCopyWorld(t.db, 'ao');
  org = w.institution.id;
  const b = await createUser(t.db, 'al-b');
  userB = b.id;
  await createRole(t.db, org, 'Second admin', ADMIN_PERMISSIONS, [b.id]);
  const intern = await createUser(t.db, 'al-internal');
  await addToInternalGroup(t.db, t.app.config.internalGroupId, intern.id);
  const teacher = await createUser(t.db, 'al-nodash');
  await createRole(t.db, org, 'Teacher', ['CAN_COPY_EDIT_COURSES'], [teacher.id]);
});
afterAll(() => t.close());

async function addSectionAlert(institutionId: number, at: Date, alertType = 'low_enrollment') {
  const section = (await copySection(t.db, institutionId, { courseName: `Alerted ${at.toISOString()}` })).id;
  const [row] = await t.db
    .insert(sectionAlerts)
    .values({ sectionId: section, institutionId, alertType, title: `Title ${section}`, alertDate: at })
    .returning();
  return row;
}

async function addFinishedCopy(requestedBy: number, at: Date, status = 'succeeded', institutionId = org) {
  const [request] = await t.db
    .insert(copyRequests)
    .values({ institutionId, requestedBy, finishedAt: at })
    .returning();
  const [job] = await t.db
    .insert(copyJobs)
    .values({
      requestId: request.id,
      sourceSectionId: institutionId === org ? w.source.id : other.source.id,
      courseName: `Copied ${at.toISOString()}`,
      status,
      finishedAt: at,
    })
    .returning();
  return job;
}

const list = (persona: string, tz?: string) =>
  t.as(persona).call(alertsApi.list, { query: { organizationId: org, ...(tz ? { tz } : {}) } });
/** Some tests send malformed bodies on purpose. */
const ack = (persona: string, payload: object, organizationId = org) =>
  t.as(persona).call(alertsApi.acknowledge, {
    query: { organizationId },
    body: payload as RouteBody<typeof alertsApi.acknowledge>,
  });

describe('time zones', () => {
  it('validates IANA names', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('buckets across midnight differently in two zones (daylight saving included)', () => {
    const now = new Date('2025-03-10T05:30:00Z'); // 00:30 CDT on 03-10; 14:30 on 03-10 in Tokyo
    const late = new Date('2025-03-10T04:50:00Z'); // 23:50 CDT on 03-09; 13:50 in Tokyo
    expect(alertBucket(late, now, 'America/Chicago')).toBe('yesterday');
    expect(alertBucket(late, now, 'Asia/Tokyo')).toBe('today');
    const twoDays = new Date('2025-03-08T20:00:00Z'); // 14:00 CST on 03-08; 05:00 on 03-09 in Tokyo
    expect(alertBucket(twoDays, now, 'America/Chicago')).toBe('older');
    expect(alertBucket(twoDays, now, 'Asia/Tokyo')).toBe('yesterday');
    expect(alertBucket(new Date(now.getTime() + MIN), now, 'UTC')).toBe('today'); // future counts as today
  });
});

describe('GET /api/alert/alerts', () => {
  it('puts each alert in today, yesterday or older on the viewer’s calendar, in two time zones', async () => {
    const instants = [TOKYO_MIDNIGHT + MIN, TOKYO_MIDNIGHT - MIN, TOKYO_MIDNIGHT - DAY - MIN];
    const created: { id: number }[] = [];
    for (const at of instants) {
      created.push(await addFinishedCopy(w.admin.id, new Date(at)));
      created.push(await addSectionAlert(org, new Date(at)));
    }
    // 00:01 / 23:59 the day before / 23:59 two days before, Tokyo time; in Honolulu (UTC-10) the
    // first two fall on 03-09 (yesterday there) and the third on 03-08.
    const expected = {
      'Asia/Tokyo': ['today', 'yesterday', 'older'],
      'Pacific/Honolulu': ['yesterday', 'yesterday', 'older'],
    } as const;
    for (const tz of ['Asia/Tokyo', 'Pacific/Honolulu'] as const) {
      const res = await list(tokens.a, tz);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const where = (kind: 'courseCopyStatuses' | 'sections', id: number) =>
        (['today', 'yesterday', 'older'] as const).find((b) =>
          body[b][kind].some((x: { id: number }) => x.id === id),
        );
      const want = expected[tz];
      instants.forEach((_, i) => {
        expect(where('courseCopyStatuses', created[i * 2].id), `${tz} copy ${i}`).toBe(want[i]);
        expect(where('sections', created[i * 2 + 1].id), `${tz} section ${i}`).toBe(want[i]);
      });
    }
  });

  it('answers the spec shape, newest first, with the fields of spec §3', async () => {
    const body = (await list(tokens.a)).json();
    expect(Object.keys(body).sort()).toEqual(['older', 'today', 'yesterday']);
    const copy = [
      ...body.today.courseCopyStatuses,
      ...body.yesterday.courseCopyStatuses,
      ...body.older.courseCopyStatuses,
    ][0];
    expect(Object.keys(copy).sort()).toEqual([
      'courseName',
      'createdDate',
      'id',
      'sectionCode',
      'sectionId',
      'status',
    ]);
    const section = [...body.today.sections, ...body.yesterday.sections, ...body.older.sections][0];
    expect(Object.keys(section).sort()).toEqual(['alertDate', 'alertType', 'id', 'sectionId', 'title']);
    const dates = body.older.sections.map((s: { alertDate: string }) => s.alertDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows copy statuses to their requester only, and section alerts to every administrator', async () => {
    const a = (await list(tokens.a)).json();
    const b = (await list(tokens.b)).json();
    expect(countAlerts(b)).toBe(
      b.today.sections.length + b.yesterday.sections.length + b.older.sections.length,
    );
    expect(countAlerts(a)).toBeGreaterThan(countAlerts(b));
  });

  it('hides alerts of removed sections and of other institutions', async () => {
    const foreign = await addSectionAlert(other.institution.id, NOW);
    const gone = await addSectionAlert(org, NOW);
    await t.db.update(sections).set({ deletedAt: new Date() }).where(eq(sections.id, gone.sectionId));
    const body = (await list(tokens.a)).json();
    const ids = body.today.sections.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(gone.id);
  });

  it('refuses users without CAN_ACCESS_ADMIN_DASHBOARD, internal users and other institutions (403)', async () => {
    for (const token of [tokens.internal, tokens.noDashboard]) {
      const res = await list(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
    }
    const foreign = await t.as(tokens.a).call(alertsApi.list, {
      query: { organizationId: other.institution.id },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('rejects an unknown time zone or a missing institution with 422', async () => {
    expect((await list(tokens.a, 'Mars/Olympus')).statusCode).toBe(422);
    const res = await t.as(tokens.a).get(alertsApi.list.path);
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /api/alert/alerts/acknowledge', () => {
  it('hides alerts for the caller only, once', async () => {
    const copy = await addFinishedCopy(w.admin.id, NOW, 'FailedPermanently');
    const section = await addSectionAlert(org, NOW, 'ready_for_enrollment');
    const before = countAlerts((await list(tokens.a)).json());
    const beforeB = countAlerts((await list(tokens.b)).json());
    const res = await ack(tokens.a, { ids: [copy.id], sectionIds: [section.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', acknowledged: 2 });
    expect(countAlerts((await list(tokens.a)).json())).toBe(before - 2);
    expect(countAlerts((await list(tokens.b)).json())).toBe(beforeB); // B still sees the section alert
    const again = await ack(tokens.a, { ids: [copy.id], sectionIds: [] });
    expect(again.json()).toEqual({ status: 'OK', acknowledged: 0 });
    const put = await t.as(tokens.a).call(alertsApi.acknowledgePut, {
      query: { organizationId: org },
      body: { ids: [copy.id] },
    });
    expect(put.json()).toEqual({ status: 'OK', acknowledged: 0 });
  });

  it('answers 404 for unknown alerts and another institution’s, 403 for another user’s copy', async () => {
    expect((await ack(tokens.a, { ids: [987_654] })).statusCode).toBe(404);
    expect((await ack(tokens.a, { sectionIds: [987_654] })).statusCode).toBe(404);
    const acksBefore = await t.db.select().from(alertAcknowledgements);
    const bCopy = await addFinishedCopy(userB, NOW);
    const notMine = await ack(tokens.a, { ids: [bCopy.id] });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('error.accessDenied');
    const foreign = await addSectionAlert(other.institution.id, NOW);
    const foreignCopy = await addFinishedCopy(other.admin.id, NOW, 'succeeded', other.institution.id);
    const own = await addSectionAlert(org, NOW);
    for (const payload of [
      { sectionIds: [foreign.id] },
      { sectionIds: [own.id, foreign.id] },
      { ids: [foreignCopy.id] },
    ]) {
      const res = await ack(tokens.a, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('error.alertNotFound');
    }
    // no rights in the institution named: 403, whatever the ids
    expect((await ack(tokens.internal, { sectionIds: [foreign.id] }, other.institution.id)).statusCode).toBe(
      403,
    );
    expect((await ack(tokens.a, { sectionIds: [foreign.id] }, other.institution.id)).statusCode).toBe(403);
    // Both alerts are still unacknowledged, for everyone: no acknowledgement row was written.
    expect(await t.db.select().from(alertAcknowledgements)).toEqual(acksBefore);
    const bView = (await list(tokens.b)).json();
    expect(bView.today.courseCopyStatuses.map((c: { id: number }) => c.id)).toContain(bCopy.id);
  });

  it('rejects an empty or malformed body with 422 and records nothing', async () => {
    const section = await addSectionAlert(org, NOW, 'ready_for_enrollment');
    const acksBefore = await t.db.select().from(alertAcknowledgements);
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'], sectionIds: [section.id] },
      { sectionIds: [-1, section.id] },
    ]) {
      expect((await ack(tokens.a, payload)).statusCode).toBe(422);
    }
    expect(await t.db.select().from(alertAcknowledgements)).toEqual(acksBefore);
    const aView = (await list(tokens.a)).json();
    expect(aView.today.sections.map((s: { id: number }) => s.id)).toContain(section.id);
  });
});

describe('scheduled section alerts', () => {
  it('raises low_enrollment and ready_for_enrollment once per section', async () => {
    const inst = await createCopyWorld(t.db, 'as');
    const id = inst.institution.id;
    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    const mk = (start: number, end: number, extra = {}) =>
      copySection(t.db, id, {
        productId: inst.product.id,
        startDate: day(start),
        endDate: day(end),
        createdAt: longAgo,
        ...extra,
      });
    const low = await mk(-10, 60);
    const justCopied = await mk(-10, 60, { createdAt: new Date() }); // created today: no time to enroll yet
    const tooEarly = await mk(-3, 60);
    const full = await mk(-10, 60);
    for (let i = 0; i < 5; i++) {
      const s = await createUser(t.db, `as-student-${i}`);
      await t.db.insert(enrollments).values({ sectionId: full.id, userId: s.id, accessType: 'PAID' });
    }
    const ready = await mk(5, 90);
    await addInstructor(t.db, ready.id, inst.teacher.id);
    const noTeacher = await mk(5, 90);
    const later = await mk(30, 120);
    await addInstructor(t.db, later.id, inst.teacher.id);

    const config = { lowEnrollmentThreshold: 5, lowEnrollmentAfterDays: 7 };
    await scanSectionAlerts(t.db, config);
    const raised = await t.db.select().from(sectionAlerts).where(eq(sectionAlerts.institutionId, id));
    const of = (sectionId: number) => raised.filter((r) => r.sectionId === sectionId).map((r) => r.alertType);
    expect(of(low.id)).toEqual(['low_enrollment']);
    expect(of(inst.source.id)).toEqual(['low_enrollment']); // started 60 days ago, no students
    expect(of(tooEarly.id)).toEqual([]);
    expect(of(justCopied.id)).toEqual([]);
    expect(of(full.id)).toEqual([]);
    expect(of(ready.id)).toEqual(['ready_for_enrollment']);
    expect(of(noTeacher.id)).toEqual([]);
    expect(of(later.id)).toEqual([]);
    expect(raised.find((r) => r.sectionId === low.id)?.title).toBe(low.courseName);

    expect(await scanSectionAlerts(t.db, config)).toEqual({ lowEnrollment: 0, readyForEnrollment: 0 });
    const [again] = await t.db
      .select()
      .from(sectionAlerts)
      .where(and(eq(sectionAlerts.sectionId, low.id), eq(sectionAlerts.alertType, 'low_enrollment')));
    expect(again.id).toBe(raised.find((r) => r.sectionId === low.id)?.id);
  });

  it('raises low_enrollment only for student-use sections, never for instructor-use or master shells', async () => {
    const inst = await createCopyWorld(t.db, 'asu');
    const id = inst.institution.id;
    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    const mk = (extra: Partial<typeof sections.$inferInsert> = {}) =>
      copySection(t.db, id, { startDate: day(-20), endDate: day(60), createdAt: longAgo, ...extra });
    const instructorUse = await mk({ useType: 'instructoruse' });
    const master = await mk({ courseType: 'parent' });
    const masterChild = await mk({ courseType: 'child', parentSectionId: master.id });
    const grandChild = await mk({ courseType: 'child', parentSectionId: masterChild.id });
    const plain = await mk();

    await scanSectionAlerts(t.db, { lowEnrollmentThreshold: 5, lowEnrollmentAfterDays: 7 });
    const raised = await t.db.select().from(sectionAlerts).where(eq(sectionAlerts.institutionId, id));
    const alerted = raised.filter((r) => r.alertType === 'low_enrollment').map((r) => r.sectionId);
    expect(alerted).toContain(plain.id);
    expect(alerted).toContain(grandChild.id);
    expect(alerted).not.toContain(instructorUse.id);
    expect(alerted).not.toContain(master.id);
    expect(alerted).not.toContain(masterChild.id);
  });
});
