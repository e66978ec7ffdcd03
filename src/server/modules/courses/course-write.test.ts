import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sectionInstructors, sections } from '../../db/schema';
import { createCourseScenario, createProduct, createStaff } from '../../test/course-fixtures';
import { coursesApi } from '../../../shared/contract/courses';
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

beforeAll(async () => {
  t = await createTestApp();
  s = await createCourseScenario(t.db, t.app.config.internalGroupId, 'c');
  ({ w, master, solo, foreign, teacher, assistant, product } = s);
  for (const who of ['creg', 'cviewer', 'cboss', 'cinsider', 'cother', 'csupport']) await t.as(who).token();
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
    const res = await t.as('creg').call(coursesApi.editSection, { body: payload() });
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
    const res = await t
      .as('creg')
      .call(coursesApi.editSection, { body: payload({ courseName: 'Stale', version: 1 }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('error.courseVersionConflict');
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
      const res = await t.as('creg').call(coursesApi.editSection, { body });
      expect(res.statusCode).toBe(422);
      messages.push(res.json().description);
    }
    expect(messages[0]).toContain('Enter the name for the course');
    expect(messages[1]).toContain('Maximum characters reached.');
    expect(messages[2]).toContain('End date must be greater than start date.');
    const [row] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    expect(row.version).toBe(2);
  });

  it('answers every field message at once: a blank name and dates out of order', async () => {
    const res = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ version: 2, courseName: '', endDate: '01/01/2026', customCourseId: 'x'.repeat(74) }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toMatchObject({
      courseName: 'Enter the name for the course',
      endDate: 'End date must be greater than start date.',
      customCourseId: 'The custom course id may have at most 73 characters.',
    });
  });

  it('sets, keeps and removes the custom course id with its LMS kind (spec §3, §5)', async () => {
    const read = async () => (await t.db.select().from(sections).where(eq(sections.id, solo.id)))[0];
    const v = (await read()).version;
    const set = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ version: v, customCourseId: ' canvas-7788 ', lmsKind: 'canvas' }),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().course).toMatchObject({ customCourseId: 'canvas-7788', lmsKind: 'canvas' });
    expect(await read()).toMatchObject({ customCourseId: 'canvas-7788', lmsKind: 'canvas', version: v + 1 });

    // absent: kept as it was
    expect(
      (await t.as('creg').call(coursesApi.editSection, { body: payload({ version: v + 1 }) })).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ customCourseId: 'canvas-7788', lmsKind: 'canvas', version: v + 2 });

    // refused: too long, no kind, an unknown kind; nothing written
    const refused: [object, string, string][] = [
      [
        { customCourseId: 'y'.repeat(74), lmsKind: 'canvas' },
        'customCourseId',
        'The custom course id may have at most 73 characters.',
      ],
      [{ customCourseId: 'bb-1', lmsKind: null }, 'lmsKind', 'Choose the LMS of the custom course id.'],
      [{ customCourseId: 'bb-1', lmsKind: 'moodle' }, 'lmsKind', ''],
    ];
    for (const [over, field, message] of refused) {
      const res = await t
        .as('creg')
        .call(coursesApi.editSection, { body: payload({ version: v + 2, ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(Object.keys(res.json().fields)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await read()).toMatchObject({ customCourseId: 'canvas-7788', version: v + 2 });

    // 73 characters for blackboard, then removed with null
    const long = 'b'.repeat(73);
    const bb = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ version: v + 2, customCourseId: long, lmsKind: 'blackboard' }),
    });
    expect(bb.statusCode).toBe(200);
    expect(await read()).toMatchObject({ customCourseId: long, lmsKind: 'blackboard' });
    const cleared = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ version: v + 3, customCourseId: null, lmsKind: null }),
    });
    expect(cleared.statusCode).toBe(200);
    expect(await read()).toMatchObject({ customCourseId: null, lmsKind: null, version: v + 4 });
  });

  it("refuses another course's custom course id (409) and writes nothing", async () => {
    const [other] = await t.db.select().from(sections).where(eq(sections.id, master.id));
    await t.db
      .update(sections)
      .set({ customCourseId: 'TAKEN-1', lmsKind: 'canvas' })
      .where(eq(sections.id, other.id));
    const [before] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    const res = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ version: before.version, customCourseId: 'taken-1', lmsKind: 'canvas' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'error.customCourseIdTaken',
      description: 'Another course of this institution already has this custom course id.',
      fields: { customCourseId: 'Another course of this institution already has this custom course id.' },
    });
    expect((await t.db.select().from(sections).where(eq(sections.id, solo.id)))[0]).toEqual(before);
    await t.db.update(sections).set({ customCourseId: null, lmsKind: null }).where(eq(sections.id, other.id));
  });

  it('refuses users without CAN_COPY_EDIT_COURSES, internal users and other institutions (403, audited)', async () => {
    const [soloBefore] = await t.db.select().from(sections).where(eq(sections.id, solo.id));
    const [foreignBefore] = await t.db.select().from(sections).where(eq(sections.id, foreign.id));
    for (const who of ['cviewer', 'cinsider', 'cother', 'csupport']) {
      const res = await t.as(who).call(coursesApi.editSection, { body: payload({ version: 2 }) });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
    }
    // The foreign section, edited by the administrator of A, is refused and left as it was.
    const foreignEdit = await t.as('creg').call(coursesApi.editSection, {
      body: payload({ sectionId: foreign.id, version: foreignBefore.version }),
    });
    expect(foreignEdit.statusCode).toBe(403);
    expect((await t.db.select().from(sections).where(eq(sections.id, solo.id)))[0]).toEqual(soloBefore);
    expect((await t.db.select().from(sections).where(eq(sections.id, foreign.id)))[0]).toEqual(foreignBefore);
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.action, `PUT ${coursesApi.editSection.path}`)));
    expect(denied.length).toBe(5);
    expect(
      (await t.as('creg').call(coursesApi.editSection, { body: payload({ sectionId: 999999 }) })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/courses/instructor', () => {
  it('replaces instructors, including a TA', async () => {
    const res = await t.as('creg').call(coursesApi.editInstructors, {
      body: {
        sectionId: solo.id,
        instructors: [
          { userId: assistant.id, role: 'instructor' },
          { userId: teacher.id, role: 'ta' },
        ],
      },
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
    const codes: string[] = [];
    for (const body of bodies) {
      // malformed on purpose: sent raw, to the route's path
      const res = await t.as('creg').put(coursesApi.editInstructors.path, body);
      expect(res.statusCode).toBe(422);
      codes.push(res.json().message);
    }
    expect(codes[0]).toBe('error.instructorsNotMembers');
    const rows = await t.db
      .select()
      .from(sectionInstructors)
      .where(eq(sectionInstructors.sectionId, solo.id));
    expect(rows).toHaveLength(2);
  });

  it('answers 403 for internal users and other institutions, 404 for unknown courses', async () => {
    const instructorsOf = async (sectionId: number) =>
      (await t.db.select().from(sectionInstructors).where(eq(sectionInstructors.sectionId, sectionId)))
        .map((r) => `${r.userId}:${r.role}`)
        .sort();
    const soloBefore = await instructorsOf(solo.id);
    const foreignBefore = await instructorsOf(foreign.id);
    const body = { sectionId: solo.id, instructors: [{ userId: teacher.id, role: 'instructor' as const }] };
    expect((await t.as('cinsider').call(coursesApi.editInstructors, { body })).statusCode).toBe(403);
    expect(
      (await t.as('creg').call(coursesApi.editInstructors, { body: { ...body, sectionId: foreign.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as('creg').call(coursesApi.editInstructors, { body: { ...body, sectionId: 999999 } }))
        .statusCode,
    ).toBe(404);
    expect(await instructorsOf(solo.id)).toEqual(soloBefore);
    expect(await instructorsOf(foreign.id)).toEqual(foreignBefore);
  });
});

describe('DELETE /api/courses/delete', () => {
  it('refuses a master with children (409) and users without CAN_DELETE_COURSES (403)', async () => {
    const withChildren = await t.as('creg').call(coursesApi.remove, { query: { sectionId: master.id } });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().message).toBe('error.masterHasChildren');
    expect(
      (await t.as('cviewer').call(coursesApi.remove, { query: { sectionId: solo.id } })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('cinsider').call(coursesApi.remove, { query: { sectionId: solo.id } })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('creg').call(coursesApi.remove, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('creg').call(coursesApi.remove, { query: { sectionId: 'x' } })).statusCode).toBe(422);
    for (const id of [master.id, solo.id, foreign.id]) {
      const [row] = await t.db.select().from(sections).where(eq(sections.id, id));
      expect(row.deletedAt, `section ${id}`).toBeNull();
    }
  });

  it('removes a section: spec message, hidden afterwards, audited; a second delete is 404', async () => {
    const res = await t.as('creg').call(coursesApi.remove, { query: { sectionId: solo.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Course successfully deleted', sectionId: solo.id });
    expect((await t.as('creg').call(coursesApi.details, { query: { sectionId: solo.id } })).statusCode).toBe(
      404,
    );
    expect((await t.as('creg').call(coursesApi.remove, { query: { sectionId: solo.id } })).statusCode).toBe(
      404,
    );
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
    instructors: [{ userId: teacher.id, role: 'instructor' as const }],
    customCourseId: 'canvas-bio-101-009',
    lmsKind: 'canvas' as const,
    ...over,
  });

  it('creates a standalone course with the institution census duration', async () => {
    const res = await t.as('creg').call(coursesApi.create, { body: body() });
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
    const [stored] = await t.db.select().from(sections).where(eq(sections.id, course.sectionId));
    expect(stored).toMatchObject({
      institutionId: w.a.id,
      productId: product.id,
      courseName: 'Biology 101-009',
      description: 'Night class',
      sectionCode: 'BIO 101-009',
      courseType: 'standalone',
      startDate: '2026-09-01',
      endDate: '2026-12-15',
      censusDuration: -1,
      customCourseId: 'canvas-bio-101-009',
      lmsKind: 'canvas',
      deletedAt: null,
    });
    const instructors = await t.db
      .select()
      .from(sectionInstructors)
      .where(eq(sectionInstructors.sectionId, course.sectionId));
    expect(instructors.map((r) => ({ userId: r.userId, role: r.role }))).toEqual([
      { userId: teacher.id, role: 'instructor' },
    ]);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'course.create'))).length).toBe(1);
  });

  it('refuses a duplicate custom course id (409) and stores no second course', async () => {
    const before = (await t.db.select().from(sections)).length;
    expect(
      (await t.as('creg').call(coursesApi.create, { body: body({ courseName: 'Again' }) })).statusCode,
    ).toBe(409);
    expect((await t.db.select().from(sections)).length).toBe(before);
    expect(await t.db.select().from(sections).where(eq(sections.courseName, 'Again'))).toEqual([]);
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
    const codes: string[] = [];
    for (const b of bad) {
      // malformed on purpose: sent raw, to the route's path
      const res = await t.as('creg').post(coursesApi.create.path, b);
      expect(res.statusCode, JSON.stringify(b).slice(0, 80)).toBe(422);
      codes.push(res.json().message);
    }
    expect(codes.slice(5, 7)).toEqual(['error.noActiveOffer', 'error.instructorsNotMembers']);
    expect((await t.db.select().from(sections)).length).toBe(before);
  });

  it('refuses internal users, viewers and other institutions (403) and stores nothing', async () => {
    const before = (await t.db.select().from(sections)).length;
    for (const who of ['cinsider', 'cviewer', 'cother']) {
      expect(
        (await t.as(who).call(coursesApi.create, { body: body({ customCourseId: null }) })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.as('cboss').call(coursesApi.create, { body: body({ organizationId: 987654 }) })).statusCode,
    ).toBe(404);
    expect((await t.db.select().from(sections)).length).toBe(before);
  });
});
