import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { createSection, day } from '../../test/course-fixtures';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { coursesApi } from '../../../shared/contract/courses';
import type { RouteQuery } from '../../../shared/contract/route';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
/** Institution A (the registrar's) and B (another's). */
const w = { a: { id: 0 }, b: { id: 0 } };
/** Live masters of institution A by name, and the children made for each (by master name). */
const masterNames = ['Anatomy', 'Biology', 'Chemistry', 'Drama', 'Economics', 'French'];
const childrenOf: Record<string, string[]> = {};

const list = (query: Omit<RouteQuery<typeof coursesApi.masterChildList>, 'organizationId'> = {}) =>
  t.as('mcreg').call(coursesApi.masterChildList, { query: { organizationId: w.a.id, ...query } });

type Body = {
  masters: { courseName: string; children: { courseName: string }[] }[];
  total: number;
  page: number;
  pageSize: number;
};

beforeAll(async () => {
  t = await createTestApp();
  w.a = await createInstitution(t.db, 'mc Alder College');
  w.b = await createInstitution(t.db, 'mc Birch University');
  const reg = await createUser(t.db, 'mcreg');
  await createRole(t.db, w.a.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  await t.as('mcreg').token();
  const a = w.a.id;
  // Inserted out of name order, so the order comes from the query.
  for (const name of [...masterNames].reverse()) {
    const master = await createSection(t.db, { institutionId: a, courseName: name, courseType: 'parent' });
    childrenOf[name] = [];
    for (let k = 1; k <= (name.length % 3) + 1; k++) {
      const child = `${name} 10${k}`;
      await createSection(t.db, {
        institutionId: a,
        courseName: child,
        courseType: 'child',
        parentSectionId: master.id,
      });
      childrenOf[name].push(child);
    }
  }
  // Not listed: a removed master, another institution's master, standalone courses.
  await createSection(t.db, {
    institutionId: a,
    courseName: 'Aardvark',
    courseType: 'parent',
    deletedAt: new Date(),
  });
  await createSection(t.db, { institutionId: w.b.id, courseName: 'Abacus', courseType: 'parent' });
  await createSection(t.db, { institutionId: a, courseName: 'Algebra' });
  // A past master: in ALL and PAST only.
  await createSection(t.db, {
    institutionId: a,
    courseName: 'Zoology',
    courseType: 'parent',
    startDate: day(-200),
    endDate: day(-100),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('master and child course list, paged', () => {
  const all = [...masterNames, 'Zoology'];

  it('answers the first 25 masters by default, with the total', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body: Body = res.json();
    expect(body).toMatchObject({ total: all.length, page: 1, pageSize: 25 });
    expect(body.masters.map((m) => m.courseName)).toEqual(all);
  });

  it('pages the masters by name, each page with its masters’ children only', async () => {
    const pages: Body[] = [];
    for (const page of [1, 2, 3]) {
      const res = await list({ pageSize: 3, page });
      expect(res.statusCode).toBe(200);
      pages.push(res.json());
    }
    expect(pages.map((p) => p.masters.map((m) => m.courseName))).toEqual([
      ['Anatomy', 'Biology', 'Chemistry'],
      ['Drama', 'Economics', 'French'],
      ['Zoology'],
    ]);
    for (const p of pages) expect(p).toMatchObject({ total: all.length, pageSize: 3 });
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const m of pages[1].masters)
      expect(m.children.map((c) => c.courseName).sort()).toEqual([...childrenOf[m.courseName]].sort());
    expect(pages[2].masters[0].children).toEqual([]);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const body: Body = (await list({ pageSize: 3, page: 4 })).json();
    expect(body.masters).toEqual([]);
    expect(body.total).toBe(all.length);
  });

  it('counts and pages one period', async () => {
    const past: Body = (await list({ coursePeriod: 'past', pageSize: 1 })).json();
    expect(past).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(past.masters.map((m) => m.courseName)).toEqual(['Zoology']);
    const current: Body = (await list({ coursePeriod: 'CURRENT', pageSize: 5, page: 2 })).json();
    expect(current.total).toBe(masterNames.length);
    expect(current.masters.map((m) => m.courseName)).toEqual(['French']);
  });

  it('refuses a bad page or page size (422) with the field named', async () => {
    const bad = [{ page: 0 }, { page: 'abc' }, { pageSize: 0 }, { pageSize: 201 }, { pageSize: 2.5 }];
    for (const q of bad) {
      const res = await list(q);
      const [field] = Object.keys(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
  });
});
