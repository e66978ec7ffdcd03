import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sectionInstructors, sections } from '../../db/schema';
import { createCourseScenario, createProduct, createStaff } from '../../test/course-fixtures';
import { bearer, login } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let s: Awaited<ReturnType<typeof createCourseScenario>>;
let w: typeof s.w;
let master: typeof s.master;
let solo: typeof s.solo;
let foreign: typeof s.foreign;
let teacher: typeof s.teacher;
let assistant: typeof s.assistant;
let product: typeof s.product;
const tok: Record<string, string> = {};

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tok[who]) });
const send = (who: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tok[who]), payload });

beforeAll(async () => {
  t = await createTestApp();
  s = await createCourseScenario(t.db, t.app.config.internalGroupId, 'c');
  ({ w, master, solo, foreign, teacher, assistant, product } = s);
  for (const who of ['creg', 'cviewer', 'cboss', 'cinsider', 'cother', 'csupport'])
    tok[who] = await login(t.app, who);
});
afterAll(() => t.close());

describe('PUT /api/courses/editSection', () => {
  const payload = (over: object = {}) => ({
    sectionId: solo.id,
    version: 1,
    courseName: 'Chemistry 110-002 (Evening)',
    description: 'Evening section',
    sectionCode: 'CHEM 110-002',
    startDate: '01/12/2026',
    endDate: '2026-05-04',
    ...over,
  });

  it('saves course information, answers the spec message and writes an audit row', async () => {
    const res = await send('creg', 'PUT', '/api/courses/editSection', payload());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Course Information updated successfully');
    expect(res.json().course).toMatchObject({
      courseName: 'Chemistry 110-002 (Evening)',
      startDate: '2026-01-12',
      endDate: '2026-05-04',
      courseDuration: 113,
      version: 2,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.edit'), eq(auditLog.entityId, String(solo.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].before).toMatchObject({ courseName: 'Chemistry 110-002' });
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const res = await send(
      'creg',
      'PUT',
      '/api/courses/editSection',
      payload({ courseName: 'Stale', version: 1 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('error.versionConflict');
    const [row] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    expect(row.courseName).toBe('Chemistry 110-002 (Evening)');
  });

  it('answers 422 with field messages for bad input, and writes nothing', async () => {
    const cases = [
      payload({ version: 2, courseName: '' }),
      payload({ version: 2, courseName: 'x'.repeat(101) }),
      payload({ version: 2, endDate: '01/01/2026' }),
      payload({ version: 2, startDate: '13/45/2026' }),
      payload({ version: 2, startDate: undefined }),
      payload({ version: 2, institutionId: w.b.id }),
    ];
    const messages: string[] = [];
    for (const body of cases) {
      const res = await send('creg', 'PUT', '/api/courses/editSection', body);
      expect(res.statusCode).toBe(422);
      messages.push(res.json().description);
    }
    expect(messages[0]).toContain('Enter the name for the course');
    expect(messages[1]).toContain('Maximum characters reached.');
    expect(messages[2]).toContain('End date must be greater than start date.');
    const [row] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    expect(row.version).toBe(2);
  });

  it('refuses users without CAN_COPY_EDIT_COURSES, internal users and other institutions (403, audited)', async () => {
    for (const who of ['cviewer', 'cinsider', 'cother', 'csupport']) {
      const res = await send(who, 'PUT', '/api/courses/editSection', payload({ version: 2 }));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
    }
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.action, 'PUT /api/courses/editSection')));
    expect(denied.length).toBe(4);
    expect(
      (await send('creg', 'PUT', '/api/courses/editSection', payload({ sectionId: 999999 }))).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/courses/instructor', () => {
  it('replaces instructors, including a TA', async () => {
    const res = await send('creg', 'PUT', '/api/courses/instructor', {
      sectionId: solo.id,
      instructors: [
        { userId: assistant.id, role: 'instructor' },
        { userId: teacher.id, role: 'ta' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Instructor information updated successfully');
    const rows = await t.db
      .select()
      .from(sectionInstructors)
      .where(eq(sectionInstructors.sectionId, solo.id));
    expect(rows.map((r) => `${r.userId}:${r.role}`).sort()).toEqual(
      [`${assistant.id}:instructor`, `${teacher.id}:ta`].sort(),
    );
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.instructors'))).length).toBe(
      1,
    );
  });

  it('refuses strangers, unknown roles, duplicates and empty lists with 422 and changes nothing', async () => {
    const stranger = await createStaff(t.db, w.b.id, 'cstranger');
    const bodies = [
      { sectionId: solo.id, instructors: [{ userId: stranger.id, role: 'instructor' }] },
      { sectionId: solo.id, instructors: [{ userId: teacher.id, role: 'dean' }] },
      {
        sectionId: solo.id,
        instructors: [
          { userId: teacher.id, role: 'ta' },
          { userId: teacher.id, role: 'instructor' },
        ],
      },
      { sectionId: solo.id, instructors: [] },
    ];
    for (const body of bodies)
      expect((await send('creg', 'PUT', '/api/courses/instructor', body)).statusCode).toBe(422);
    const rows = await t.db
      .select()
      .from(sectionInstructors)
      .where(eq(sectionInstructors.sectionId, solo.id));
    expect(rows).toHaveLength(2);
  });

  it('answers 403 for internal users and other institutions, 404 for unknown courses', async () => {
    const body = { sectionId: solo.id, instructors: [{ userId: teacher.id, role: 'instructor' }] };
    expect((await send('cinsider', 'PUT', '/api/courses/instructor', body)).statusCode).toBe(403);
    expect(
      (await send('creg', 'PUT', '/api/courses/instructor', { ...body, sectionId: foreign.id })).statusCode,
    ).toBe(403);
    expect(
      (await send('creg', 'PUT', '/api/courses/instructor', { ...body, sectionId: 999999 })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/courses/delete', () => {
  it('refuses a master with children (409) and users without CAN_DELETE_COURSES (403)', async () => {
    expect((await send('creg', 'DELETE', `/api/courses/delete?sectionId=${master.id}`)).statusCode).toBe(409);
    expect((await send('cviewer', 'DELETE', `/api/courses/delete?sectionId=${solo.id}`)).statusCode).toBe(
      403,
    );
    expect((await send('cinsider', 'DELETE', `/api/courses/delete?sectionId=${solo.id}`)).statusCode).toBe(
      403,
    );
    expect((await send('creg', 'DELETE', `/api/courses/delete?sectionId=${foreign.id}`)).statusCode).toBe(
      403,
    );
    expect((await send('creg', 'DELETE', '/api/courses/delete?sectionId=x')).statusCode).toBe(422);
    const [row] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    expect(row.deletedAt).toBeNull();
  });

  it('removes a section: spec message, hidden afterwards, audited; a second delete is 404', async () => {
    const res = await send('creg', 'DELETE', `/api/courses/delete?sectionId=${solo.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Course successfully deleted', sectionId: solo.id });
    expect((await get('creg', `/api/courses/details?sectionId=${solo.id}`)).statusCode).toBe(404);
    expect((await send('creg', 'DELETE', `/api/courses/delete?sectionId=${solo.id}`)).statusCode).toBe(404);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.delete'))).length).toBe(1);
  });
});

describe('POST /api/courses/createCourse', () => {
  const body = (over: object = {}) => ({
    organizationId: w.a.id,
    courseName: 'Biology 101-009',
    description: 'Night class',
    sectionCode: 'BIO 101-009',
    startDate: '09/01/2026',
    endDate: '12/15/2026',
    productId: product.id,
    instructors: [{ userId: teacher.id, role: 'instructor' }],
    customCourseId: 'canvas-bio-101-009',
    lmsKind: 'canvas',
    ...over,
  });

  it('creates a standalone course with the institution census duration', async () => {
    const res = await send('creg', 'POST', '/api/courses/createCourse', body());
    expect(res.statusCode).toBe(200);
    const { course, message } = res.json();
    expect(message).toBe('Course created successfully');
    expect(course).toMatchObject({
      courseType: 'standalone',
      startDate: '2026-09-01',
      endDate: '2026-12-15',
      customCourseId: 'canvas-bio-101-009',
      lmsKind: 'canvas',
      censusDuration: -1,
    });
    expect(course.instructors).toHaveLength(1);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.create'))).length).toBe(1);
  });

  it('refuses a duplicate custom course id (409)', async () => {
    expect(
      (await send('creg', 'POST', '/api/courses/createCourse', body({ courseName: 'Again' }))).statusCode,
    ).toBe(409);
  });

  it('validates every field (422) and writes nothing', async () => {
    const before = (await t.db.select().from(sections)).length;
    const bad = [
      body({ customCourseId: 'x'.repeat(74) }),
      body({ customCourseId: 'new-id', lmsKind: 'moodle' }),
      body({ customCourseId: 'new-id-2', lmsKind: null }),
      body({ startDate: '', customCourseId: null }),
      body({ endDate: '08/01/2026', customCourseId: null }),
      body({ productId: (await createProduct(t.db)).id, customCourseId: null }),
      body({ instructors: [{ userId: w.other.id, role: 'instructor' }], customCourseId: null }),
      body({ courseName: '   ', customCourseId: null }),
      body({ customCourseId: null, courseType: 'parent' }),
    ];
    for (const b of bad) {
      const res = await send('creg', 'POST', '/api/courses/createCourse', b);
      expect(res.statusCode, JSON.stringify(b).slice(0, 80)).toBe(422);
    }
    expect((await t.db.select().from(sections)).length).toBe(before);
  });

  it('refuses internal users, viewers and other institutions (403)', async () => {
    for (const who of ['cinsider', 'cviewer', 'cother']) {
      expect(
        (await send(who, 'POST', '/api/courses/createCourse', body({ customCourseId: null }))).statusCode,
      ).toBe(403);
    }
    expect(
      (await send('cboss', 'POST', '/api/courses/createCourse', body({ organizationId: 987654 }))).statusCode,
    ).toBe(404);
  });
});
