import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, lmsCoursePairings, lmsIntegrations, sections } from '../../db/schema';
import { bulkInsert } from '../../db/seed/bulk';
import {
  createCourseWorld,
  createOffer,
  createProduct,
  createSection,
  createStaff,
  createStudent,
  day,
  enroll,
  setInstructors,
} from '../../test/course-fixtures';
import { createInstitution } from '../../test/fixtures';
import { coursesApi } from '../../../shared/contract/courses';
import { institutionsApi } from '../../../shared/contract/institutions';
import type { RouteQuery } from '../../../shared/contract/route';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let bio: Awaited<ReturnType<typeof createProduct>>;
let chem: Awaited<ReturnType<typeof createProduct>>;
let master: { id: number };

const names = (res: { json(): { courses: { courseName: string }[] } }) =>
  res.json().courses.map((c) => c.courseName);

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'i');
  bio = await createProduct(t.db, 'Biology Essentials');
  chem = await createProduct(t.db, 'Chemistry Now');
  const retired = await createProduct(t.db, 'Old Physics');
  await createOffer(t.db, w.a.id, bio, 'INCLUSIVE_ACCESS');
  await createOffer(t.db, w.a.id, chem, 'DIRECT_TO_STUDENT');
  await createOffer(t.db, w.a.id, retired, 'OPT_IN', 'EXPIRED');
  const teacher = await createStaff(t.db, w.a.id, 'iteacher');
  await createStaff(t.db, w.a.id, 'iassistant', 'ta');
  await createStudent(t.db, w.a.id, 'istudent');
  const a = w.a.id;
  master = await createSection(t.db, {
    institutionId: a,
    courseName: 'Biology (Master)',
    courseType: 'parent',
    productId: bio.id,
  });
  const c1 = await createSection(t.db, {
    institutionId: a,
    courseName: 'Biology 101-001',
    courseType: 'child',
    parentSectionId: master.id,
    productId: bio.id,
    censusDuration: 5,
  });
  await createSection(t.db, { institutionId: a, courseName: 'Chemistry 110-001', productId: chem.id });
  await createSection(t.db, { institutionId: a, courseName: 'Algebra Preview', useType: 'instructoruse' });
  await createSection(t.db, {
    institutionId: a,
    courseName: 'Future Biology',
    productId: bio.id,
    startDate: day(30),
    endDate: day(120),
  });
  await createSection(t.db, {
    institutionId: a,
    courseName: 'Past Chemistry',
    productId: chem.id,
    startDate: day(-200),
    endDate: day(-90),
  });
  await createSection(t.db, { institutionId: a, courseName: 'Removed Course', deletedAt: new Date() });
  await createSection(t.db, { institutionId: w.b.id, courseName: 'Birch Biology' });
  await setInstructors(t.db, c1.id, [{ userId: teacher.id }]);
  for (let i = 0; i < 3; i++) await enroll(t.db, c1.id, await createStudent(t.db, a, `istud${i}`));
  await t.db.insert(departments).values([
    { institutionId: a, name: 'Sciences' },
    { institutionId: a, name: 'Arts' },
  ]);
  const [integ] = await t.db
    .insert(lmsIntegrations)
    .values({
      institutionId: a,
      lmsKind: 'canvas',
      name: 'Alder Canvas',
      issuer: 'https://canvas.example',
      clientId: 'c',
      deploymentId: 'd',
    })
    .returning();
  await t.db.insert(lmsCoursePairings).values({
    institutionId: a,
    productId: bio.id,
    sectionId: c1.id,
    integrationId: integ.id,
    lmsCourseId: 'L1',
    lmsKind: 'canvas',
  });
  for (const who of ['ireg', 'iviewer', 'iboss', 'iinsider', 'iother', 'isupport']) await t.as(who).token();
});
afterAll(() => t.close());

describe('GET /api/institution/institutionDetails/:organizationId', () => {
  it('answers the settings with the version', async () => {
    const res = await t.as('ireg').call(institutionsApi.details, { params: { organizationId: w.a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orgId: w.a.id,
      displayName: 'i Alder College',
      censusDuration: -1,
      version: 1,
    });
  });
  it('403 for another institution, 404 unknown, 422 bad id', async () => {
    expect(
      (await t.as('ireg').call(institutionsApi.details, { params: { organizationId: w.b.id } })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('iboss').call(institutionsApi.details, { params: { organizationId: 987654 } })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('ireg').call(institutionsApi.details, { params: { organizationId: 'abc' } })).statusCode,
    ).toBe(422);
    expect(
      (await t.as('iinsider').call(institutionsApi.details, { params: { organizationId: w.b.id } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /api/institution/institutionData (the institution page list)', () => {
  const list = (who: string, query: Omit<RouteQuery<typeof coursesApi.list>, 'organizationId'> = {}) =>
    t.as(who).call(coursesApi.list, { query: { organizationId: w.a.id, ...query } });

  it('defaults to current studentuse courses of all products, with period counts and products', async () => {
    const res = await list('ireg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(res)).toEqual(['Biology (Master)', 'Biology 101-001', 'Chemistry 110-001']);
    expect(body.periodCounts).toEqual({ current: 3, future: 1, past: 1 });
    expect(body.products.map((p: { productName: string }) => p.productName)).toEqual([
      'Biology Essentials',
      'Chemistry Now',
    ]);
    expect(body.total).toBe(3);
    const child = body.courses[1];
    expect(child).toMatchObject({
      courseType: 'child',
      enrollmentCount: 3,
      instructor: 'iteacher Tester',
      accessType: 'INCLUSIVE_ACCESS',
    });
    expect(child.billingStatus).toBe('billed');
    expect(body.courses[2]).toMatchObject({ accessType: 'DIRECT_TO_STUDENT', billingStatus: 'studentPaid' });
  });

  it('switches period, course type, product and access filters (case-insensitive)', async () => {
    expect(names(await list('ireg', { coursePeriod: 'future' }))).toEqual(['Future Biology']);
    expect(names(await list('ireg', { coursePeriod: 'PAST' }))).toEqual(['Past Chemistry']);
    expect(names(await list('ireg', { filterBy: 'instructoruse' }))).toEqual(['Algebra Preview']);
    expect(names(await list('ireg', { filterBy: 'ALL' })).length).toBe(4);
    expect(names(await list('ireg', { productId: chem.id }))).toEqual(['Chemistry 110-001']);
    expect(names(await list('ireg', { offerType: 'inclusive_access' }))).toEqual([
      'Biology (Master)',
      'Biology 101-001',
    ]);
    expect(names(await list('ireg', { offerType: 'NONE', filterBy: 'ALL' }))).toEqual(['Algebra Preview']);
  });

  it('searches inside the list and sorts and pages on the server', async () => {
    expect(names(await list('ireg', { queryString: 'CHEM' }))).toEqual(['Chemistry 110-001']);
    expect(names(await list('ireg', { queryString: '100%' }))).toEqual([]);
    const sorted = await list('ireg', { sort: 'enrollmentCount', order: 'desc', pageSize: 1, page: 1 });
    expect(names(sorted)).toEqual(['Biology 101-001']);
    expect(sorted.json().total).toBe(3);
    expect(names(await list('ireg', { sort: 'courseName', order: 'desc', pageSize: 2, page: 2 }))).toEqual([
      'Biology (Master)',
    ]);
  });

  it('says what the caller may do', async () => {
    expect((await list('ireg')).json().actions).toMatchObject({
      edit: true,
      delete: true,
      optOut: true,
      reports: true,
    });
    expect((await list('iinsider')).json().actions).toMatchObject({
      edit: false,
      delete: false,
      copy: false,
      optOut: false,
    });
    expect((await list('iviewer')).json().actions).toMatchObject({ edit: false, delete: false });
  });

  it('403 other institution, 404 unknown (super admin), 422 bad filters', async () => {
    expect((await t.as('ireg').call(coursesApi.list, { query: { organizationId: w.b.id } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as('iboss').call(coursesApi.list, { query: { organizationId: 987654 } })).statusCode,
    ).toBe(404);
    for (const q of [
      'coursePeriod=soon',
      'filterBy=teachers',
      'pageSize=1000',
      'sort=secret',
      'productId=abc',
      'offerType=FREE',
    ]) {
      // malformed on purpose: sent raw, to the route's path
      expect(
        (await t.as('ireg').get(`${coursesApi.list.path}?organizationId=${w.a.id}&${q}`)).statusCode,
        q,
      ).toBe(422);
    }
  });

  // Its speed is measured by `npm run bench` (bench/course-list.bench.ts), not asserted here.
  it('pages, counts and searches 5,000 sections in one institution', async () => {
    const big = await createInstitution(t.db, 'i Huge State');
    const rows = Array.from({ length: 5000 }, (_, k) => ({
      institutionId: big.id,
      courseName: `Section ${String(k).padStart(4, '0')}`,
      sectionCode: `S-${k}`,
      startDate: day(-10 - (k % 300)),
      endDate: day(-10 - (k % 300) + 112),
      productId: k % 2 ? bio.id : chem.id,
    }));
    await bulkInsert(t.db, sections, rows);
    const res = await t.as('iboss').call(coursesApi.list, {
      query: { organizationId: big.id, sort: 'courseName', page: 3, pageSize: 50 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().courses).toHaveLength(50);
    expect(res.json().total + res.json().periodCounts.past + res.json().periodCounts.future).toBe(5000);
    const searched = await t.as('iboss').call(coursesApi.list, {
      query: { organizationId: big.id, coursePeriod: 'ALL', queryString: 'section 4999' },
    });
    expect(names(searched)).toEqual(['Section 4999']);
  });
});

describe('people, departments, LMS mappings, creation info', () => {
  it('lists departments, instructors (instructor and ta) and users (no students)', async () => {
    expect(
      (await t.as('ireg').call(institutionsApi.departments, { params: { organizationId: w.a.id } }))
        .json()
        .departments.map((d: { name: string }) => d.name),
    ).toEqual(['Arts', 'Sciences']);
    const ins = (
      await t.as('ireg').call(institutionsApi.instructors, { params: { organizationId: w.a.id } })
    ).json().instructors;
    expect(ins.map((i: { username: string }) => i.username).sort()).toEqual(['iassistant', 'iteacher']);
    const searched = (
      await t
        .as('ireg')
        .call(institutionsApi.instructors, { params: { organizationId: w.a.id }, query: { q: 'assist' } })
    ).json();
    expect(searched.instructors).toHaveLength(1);
    const users = (
      await t.as('ireg').call(institutionsApi.users, { params: { organizationId: w.a.id } })
    ).json().users;
    expect(users.map((u: { username: string }) => u.username)).toContain('ireg');
    expect(users.map((u: { courseRole: string }) => u.courseRole)).not.toContain('student');
  });

  it('lists LMS integrations and pairings', async () => {
    const body = (
      await t.as('ireg').call(institutionsApi.lmsMappings, { query: { organizationId: w.a.id } })
    ).json();
    expect(body.integrations).toEqual([expect.objectContaining({ name: 'Alder Canvas', pairings: 1 })]);
    expect(body.mappings[0]).toMatchObject({ lmsCourseId: 'L1', productName: 'Biology Essentials' });
  });

  it('gives the create-course form its products (active offers only) and LMS kinds', async () => {
    const body = (
      await t.as('ireg').call(institutionsApi.courseCreationInfo, { params: { organizationId: w.a.id } })
    ).json();
    expect(body.products.map((p: { productName: string }) => p.productName)).toEqual([
      'Biology Essentials',
      'Chemistry Now',
    ]);
    expect(body.lmsKinds).toEqual(['canvas']);
  });

  it('lists masters with their children', async () => {
    const body = (
      await t.as('ireg').call(coursesApi.masterChildList, { query: { organizationId: w.a.id } })
    ).json();
    expect(body.masters).toHaveLength(1);
    expect(body.masters[0].children.map((c: { courseName: string }) => c.courseName)).toEqual([
      'Biology 101-001',
    ]);
  });

  it('refuses other institutions (403) and unknown ones (404) on every call', async () => {
    const calls = [
      (who: string, id: number) =>
        t.as(who).call(institutionsApi.departments, { params: { organizationId: id } }),
      (who: string, id: number) =>
        t.as(who).call(institutionsApi.instructors, { params: { organizationId: id } }),
      (who: string, id: number) => t.as(who).call(institutionsApi.users, { params: { organizationId: id } }),
      (who: string, id: number) =>
        t.as(who).call(institutionsApi.lmsMappings, { query: { organizationId: id } }),
      (who: string, id: number) =>
        t.as(who).call(institutionsApi.courseCreationInfo, { params: { organizationId: id } }),
      (who: string, id: number) =>
        t.as(who).call(coursesApi.masterChildList, { query: { organizationId: id } }),
    ];
    for (const [k, call] of calls.entries()) {
      expect((await call('ireg', w.b.id)).statusCode, `call ${k}`).toBe(403);
      expect((await call('iboss', 987654)).statusCode, `call ${k}`).toBe(404);
      expect((await call('ireg', 0)).statusCode, `call ${k}`).toBe(422);
    }
  });
});
