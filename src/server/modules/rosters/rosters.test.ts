import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesApi } from '../../../shared/contract/courses';
import { rostersApi } from '../../../shared/contract/rosters';
import { auditLog, enrollments } from '../../db/schema';
import { createCourseWorld, createSection, createStudent, enroll } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let course: { id: number };
let foreign: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'r');
  course = await createSection(t.db, { institutionId: w.a.id, courseName: 'Biology 101-001' });
  foreign = await createSection(t.db, { institutionId: w.b.id, courseName: 'Birch Biology' });
  const s = async (name: string) => createStudent(t.db, w.a.id, name);
  await enroll(t.db, course.id, await s('ada'), {
    accessType: 'PAID',
    endsInDays: 60,
    currentAccess: 'Institution_Paid',
  });
  await enroll(t.db, course.id, await s('bob'), {
    accessType: 'TEMP',
    endsInDays: 10,
    currentAccess: 'Not_Paid',
  });
  await enroll(t.db, course.id, await s('cy'), {
    accessType: 'PAID',
    endsInDays: -3,
    currentAccess: null,
    optStatus: 'optout',
  });
  await enroll(t.db, course.id, await s('=evil'), {
    accessType: 'PAID',
    endsInDays: null,
    currentAccess: 'Provider_Paid',
  });
  for (const who of ['rreg', 'rinsider', 'rother', 'rboss']) await t.as(who).token();
});
afterAll(() => t.close());

describe('GET /api/courses/roster', () => {
  it('pages the students with access, current access and opt status', async () => {
    const res = await t
      .as('rreg')
      .call(rostersApi.roster, { query: { sectionId: course.id, sort: 'email' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sectionId: course.id, courseName: 'Biology 101-001', total: 4, page: 1 });
    expect(body.students.map((s: { username: string }) => s.username)).toEqual(['=evil', 'ada', 'bob', 'cy']);
    expect(body.students[1]).toMatchObject({
      access: { type: 'PAID' },
      currentAccess: 'Institution_Paid',
      optStatus: 'optin',
    });
    expect(body.students[3]).toMatchObject({ currentAccess: null, optStatus: 'optout' });
    expect(body.students[0].access.endsAt).toBeNull();
  });

  it('searches and pages', async () => {
    const res = await t.as('rreg').call(rostersApi.roster, { query: { sectionId: course.id, q: 'BOB' } });
    expect(res.json().students.map((s: { username: string }) => s.username)).toEqual(['bob']);
    const page = await t.as('rreg').call(rostersApi.roster, {
      query: { sectionId: course.id, pageSize: 3, page: 2, sort: 'email', order: 'desc' },
    });
    expect(page.json()).toMatchObject({ total: 4, students: [{ username: '=evil' }] });
  });

  it('is visible to internal users; 403 other institution, 404 unknown, 422 bad input', async () => {
    expect(
      (await t.as('rinsider').call(rostersApi.roster, { query: { sectionId: course.id } })).statusCode,
    ).toBe(200);
    expect(
      (await t.as('rreg').call(rostersApi.roster, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('rreg').call(rostersApi.roster, { query: { sectionId: 999999 } })).statusCode).toBe(
      404,
    );
    expect(
      (await t.as('rreg').call(rostersApi.roster, { query: { sectionId: course.id, pageSize: 0 } }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await t.as('rreg').get(rostersApi.roster.path, {
          query: { sectionId: String(course.id), sort: 'password' },
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('GET /api/courses/roster/export', () => {
  it('streams a CSV with the three access displays, NA, opt statuses and neutralised cells', async () => {
    const res = await t.as('rreg').call(rostersApi.export, { query: { sectionId: course.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="Roster_${course.id}_\\d{4}-\\d{2}-\\d{2}\\.csv"; filename\\*=UTF-8''Roster_`,
      ),
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,E-mail,Username,Access,Access Ends,Current Access,Opt Status',
    );
    expect(lines).toHaveLength(5);
    expect(text).toContain(',Paid,');
    expect(text).toContain(',14 day trial,');
    expect(text).toContain(',Expired,');
    expect(text).toContain(',NA,Opted out');
    expect(text).toContain(',Provider_Paid,Opted in');
    expect(text).toContain("'=evil,Student,'=evil@students.example.edu");
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'roster.export'))).length).toBe(1);
  });

  it('403 other institution, 404 unknown', async () => {
    expect(
      (await t.as('rreg').call(rostersApi.export, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('rboss').call(rostersApi.export, { query: { sectionId: 999999 } })).statusCode).toBe(
      404,
    );
  });
});

describe('a dropped enrollment', () => {
  it('stays on the roster and its export with the drop, and leaves the course enrollment count', async () => {
    const sec = await createSection(t.db, { institutionId: w.a.id, courseName: 'Chemistry 1' });
    await enroll(t.db, sec.id, await createStudent(t.db, w.a.id, 'stayer'), { accessType: 'TEMP' });
    const gone = await enroll(t.db, sec.id, await createStudent(t.db, w.a.id, 'leaver'), {
      accessType: 'TEMP',
    });
    await t.db.update(enrollments).set({ droppedAt: new Date() }).where(eq(enrollments.id, gone.id));
    const res = await t.as('rreg').call(rostersApi.roster, { query: { sectionId: sec.id } });
    expect(res.json().total).toBe(2);
    const dropped = (u: string) =>
      res.json().students.find((s: { username: string }) => s.username === u)?.droppedAt !== null;
    expect([dropped('stayer'), dropped('leaver')]).toEqual([false, true]);
    const csv = await t.as('rreg').call(rostersApi.export, { query: { sectionId: sec.id } });
    expect(csv.body).toContain('stayer');
    expect(csv.body).toContain('leaver');
    const detail = await t.as('rreg').call(coursesApi.details, { query: { sectionId: sec.id } });
    expect(detail.json().course.enrollmentCount).toBe(1);
  });
});
