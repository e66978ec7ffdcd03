import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmsCoursePairings } from '../../db/schema';
import { createCourseScenario, createSection, day } from '../../test/course-fixtures';
import { coursesApi } from '../../../shared/contract/courses';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let s: Awaited<ReturnType<typeof createCourseScenario>>;
let w: typeof s.w;
let master: typeof s.master;
let child: typeof s.child;
let solo: typeof s.solo;
let foreign: typeof s.foreign;
let product: typeof s.product;

beforeAll(async () => {
  t = await createTestApp();
  s = await createCourseScenario(t.db, t.app.config.internalGroupId, 'c');
  ({ w, master, child, solo, foreign, product } = s);
  for (const who of ['creg', 'cviewer', 'cboss', 'cinsider', 'cother', 'csupport']) await t.as(who).token();
});
afterAll(() => t.close());

describe('GET /api/courses/details', () => {
  it('shows a master with its children, census date and duration', async () => {
    const res = await t.as('creg').call(coursesApi.details, { query: { sectionId: master.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.view).toBe('master');
    expect(body.course.courseName).toBe('Biology (Master)');
    expect(body.course.censusDate).toBe(day(1));
    expect(body.course.courseDuration).toBe(81);
    expect(body.course.product).toMatchObject({ productName: 'Biology Essentials', isbn: product.isbn });
    expect(body.course.accessType).toBe('INCLUSIVE_ACCESS');
    expect(body.course.billingStatus).toBe('pendingCensus');
    expect(body.children.map((c: { sectionId: number }) => c.sectionId)).toEqual([child.id]);
    expect(body.actions).toEqual({
      edit: true,
      delete: true,
      copy: true,
      create: true,
      optOut: true,
      reports: true,
    });
  });

  it('shows a child with its master, instructors and TA, census not set', async () => {
    const body = (await t.as('creg').call(coursesApi.details, { query: { sectionId: child.id } })).json();
    expect(body.view).toBe('child');
    expect(body.master.sectionId).toBe(master.id);
    expect(body.course.censusDate).toBeNull();
    expect(body.course.billingStatus).toBe('censusNotSet');
    expect(body.course.enrollmentCount).toBe(1);
    expect(body.course.instructors.map((i: { role: string }) => i.role)).toEqual(['instructor', 'ta']);
    expect(body.course.instructor).toBe('cteacher Tester');
  });

  it('computes the duration as the day difference plus 1 (112 for a 16-week term)', async () => {
    const body = (await t.as('creg').call(coursesApi.details, { query: { sectionId: solo.id } })).json();
    expect(body.view).toBe('standalone');
    expect(body.course.courseDuration).toBe(112);
  });

  it('gives the exact period of a course: past, current or future, from its dates', async () => {
    const cases = [
      { startDate: day(-100), endDate: day(-2), period: 'past' },
      { startDate: day(-10), endDate: day(80), period: 'current' },
      { startDate: day(3), endDate: day(100), period: 'future' },
    ];
    for (const { period, ...dates } of cases) {
      const section = await createSection(t.db, { institutionId: w.a.id, ...dates });
      const body = (await t.as('creg').call(coursesApi.details, { query: { sectionId: section.id } })).json();
      expect(body.course.coursePeriod, period).toBe(period);
    }
  });

  it('gives internal users a read-only view and no actions', async () => {
    const res = await t.as('cinsider').call(coursesApi.details, { query: { sectionId: master.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().actions).toMatchObject({ edit: false, delete: false, copy: false });
  });

  it('answers 403 for another institution, 404 for unknown ids, 422 for bad ids', async () => {
    expect(
      (await t.as('creg').call(coursesApi.details, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('creg').call(coursesApi.details, { query: { sectionId: 999999 } })).statusCode).toBe(
      404,
    );
    expect((await t.as('creg').call(coursesApi.details, { query: { sectionId: 'abc' } })).statusCode).toBe(
      422,
    );
    expect(
      (await t.as('creg').call(coursesApi.details, { query: { sectionId: master.id, pairingId: 4242 } }))
        .statusCode,
    ).toBe(404);
  });

  it('accepts a pairing of the section', async () => {
    const [p] = await t.db
      .insert(lmsCoursePairings)
      .values({ institutionId: w.a.id, productId: product.id, sectionId: child.id, lmsCourseId: 'lms-1' })
      .returning();
    expect(
      (await t.as('creg').call(coursesApi.details, { query: { sectionId: child.id, pairingId: p.id } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('child views and lists', () => {
  it('childCourseDetails shows the master-child view; a non-child is 404', async () => {
    const res = await t.as('creg').call(coursesApi.childDetails, { query: { sectionId: child.id } });
    expect(res.json()).toMatchObject({ view: 'masterChild', master: { sectionId: master.id } });
    expect(
      (await t.as('creg').call(coursesApi.childDetails, { query: { sectionId: solo.id } })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('creg').call(coursesApi.childDetails, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
  });

  it('a child of a master that has children of its own shows the master-child view with both', async () => {
    const top = await createSection(t.db, {
      institutionId: w.b.id,
      courseName: 'Chemistry (Master)',
      courseType: 'parent',
    });
    const middle = await createSection(t.db, {
      institutionId: w.b.id,
      courseName: 'Chemistry Lab Master',
      courseType: 'child',
      parentSectionId: top.id,
    });
    const grandChild = await createSection(t.db, {
      institutionId: w.b.id,
      courseName: 'Chemistry Lab 1',
      courseType: 'child',
      parentSectionId: middle.id,
    });
    const body = (await t.as('cboss').call(coursesApi.details, { query: { sectionId: middle.id } })).json();
    expect(body.view).toBe('masterChild');
    expect(body.master.sectionId).toBe(top.id);
    expect(body.children.map((c: { sectionId: number }) => c.sectionId)).toEqual([grandChild.id]);
    const list = (
      await t.as('cboss').call(coursesApi.childList, { query: { masterCourseId: middle.id } })
    ).json();
    expect(list.children.map((c: { sectionId: number }) => c.sectionId)).toEqual([grandChild.id]);
    expect(
      (await t.as('cboss').call(coursesApi.details, { query: { sectionId: grandChild.id } })).json().view,
    ).toBe('child');
  });

  it('childList lists the children of a master', async () => {
    const res = await t.as('creg').call(coursesApi.childList, { query: { masterCourseId: master.id } });
    expect(res.json().children.map((c: { courseName: string }) => c.courseName)).toEqual(['Biology 101-001']);
    expect(
      (await t.as('creg').call(coursesApi.childList, { query: { masterCourseId: 999999 } })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('creg').call(coursesApi.childList, { query: { masterCourseId: foreign.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('creg').call(coursesApi.childList)).statusCode).toBe(422);
  });

  it('cgcourses/details checks the section belongs to the institution of the path', async () => {
    expect(
      (
        await t
          .as('creg')
          .call(coursesApi.cgDetails, { params: { organizationId: w.a.id, sectionId: child.id } })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t
          .as('creg')
          .call(coursesApi.cgDetails, { params: { organizationId: w.b.id, sectionId: foreign.id } })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t
          .as('cboss')
          .call(coursesApi.cgDetails, { params: { organizationId: w.b.id, sectionId: child.id } })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.as('creg').call(coursesApi.cgDetails, { params: { organizationId: w.a.id, sectionId: '0' } }))
        .statusCode,
    ).toBe(422);
  });

  it('GET instructor lists instructors and TAs', async () => {
    const res = await t.as('creg').call(coursesApi.instructors, { query: { sectionId: child.id } });
    expect(res.json().instructors).toHaveLength(2);
    expect(
      (await t.as('creg').call(coursesApi.instructors, { query: { sectionId: foreign.id } })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/courses/courseSearch', () => {
  it('searches every period by name, code or instructor', async () => {
    const res = await t.as('creg').call(coursesApi.search, {
      query: { organizationId: w.a.id, coursePeriod: 'all', queryString: 'BIOLOGY' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .courses.map((c: { courseName: string }) => c.courseName)
        .sort(),
    ).toEqual(['Biology (Master)', 'Biology 101-001']);
    const byTeacher = await t.as('creg').call(coursesApi.search, {
      query: { organizationId: w.a.id, coursePeriod: 'ALL', queryString: 'cteacher' },
    });
    expect(byTeacher.json().courses.map((c: { sectionId: number }) => c.sectionId)).toEqual([child.id]);
  });

  it("matches a section code or id and an assistant's name, only among the institution's live sections", async () => {
    const search = async (q: string) => {
      const res = await t
        .as('creg')
        .call(coursesApi.search, { query: { organizationId: w.a.id, coursePeriod: 'ALL', queryString: q } });
      expect(res.statusCode, q).toBe(200);
      return res.json() as { courses: { sectionId: number }[]; total: number };
    };
    const code = child.sectionCode!.slice(1).toLowerCase();
    expect((await search(code)).courses.map((c) => c.sectionId)).toContain(child.id);
    expect((await search(String(solo.id))).courses.map((c) => c.sectionId)).toContain(solo.id);
    // the assistant of the child (role ta) is searched like its instructor
    const byAssistant = await search('cassistant');
    expect(byAssistant.courses.map((c) => c.sectionId)).toEqual([child.id]);
    expect(byAssistant.total).toBe(1);
    // another institution's course of that name, a zero-padded id, an id past the integer range
    expect((await search('Birch Physics')).total).toBe(0);
    expect((await search(String(foreign.id))).courses.map((c) => c.sectionId)).not.toContain(foreign.id);
    expect((await search(`0${solo.id}`)).courses.map((c) => c.sectionId)).not.toContain(solo.id);
    expect((await search('99999999999')).total).toBe(0);
  });

  it('refuses another institution, bad filters and (for a super admin) an unknown institution', async () => {
    expect(
      (await t.as('creg').call(coursesApi.search, { query: { organizationId: w.b.id } })).statusCode,
    ).toBe(403);
    expect(
      (
        await t
          .as('creg')
          .call(coursesApi.search, { query: { organizationId: w.a.id, coursePeriod: 'someday' } })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.as('cboss').call(coursesApi.search, { query: { organizationId: 987654 } })).statusCode,
    ).toBe(404);
    expect((await t.as('creg').call(coursesApi.search)).statusCode).toBe(422);
  });
});
