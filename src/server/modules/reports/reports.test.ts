import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { parse } from 'csv-parse/sync';
import { reportsApi } from '../../../shared/contract/reports';
import type { RouteQuery } from '../../../shared/contract/route';
import {
  createCourseWorld,
  createOffer,
  createProduct,
  createSection,
  createStudent,
  day,
  enroll,
} from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let course: { id: number };

const rows = (body: string) => parse(body.replace(/^\uFEFF/, '')) as string[][];

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'p');
  const product = await createProduct(t.db, '@Risky Product');
  await createOffer(t.db, w.a.id, product, 'INCLUSIVE_ACCESS');
  course = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: '=HYPERLINK("http://x")',
    productId: product.id,
    startDate: day(-30),
    endDate: day(60),
    censusDuration: 14,
  });
  await createSection(t.db, { institutionId: w.a.id, courseName: 'No census', censusDuration: -1 });
  await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Old',
    startDate: day(-300),
    endDate: day(-200),
    censusDuration: 7,
  });
  await enroll(t.db, course.id, await createStudent(t.db, w.a.id, 'pada'), {
    accessType: 'PAID',
    endsInDays: 60,
  });
  await enroll(t.db, course.id, await createStudent(t.db, w.a.id, 'pbob'), {
    accessType: 'TEMP',
    endsInDays: 5,
    optStatus: 'optout',
  });
  await enroll(t.db, course.id, await createStudent(t.db, w.a.id, 'pcy'), {
    accessType: 'TEMP',
    endsInDays: -1,
    currentAccess: null,
  });
  for (const who of ['preg', 'pviewer', 'pinsider', 'pother', 'pboss']) await t.as(who).token();
});
afterAll(() => t.close());

describe('report downloads', () => {
  it('ISReport: one line per course with counts, billing and neutralised cells', async () => {
    const res = await t.as('preg').call(reportsApi.isReport, { query: { organizationId: w.a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ISReport_\d+_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const table = rows(res.body);
    expect(table[0][0]).toBe('Section ID');
    expect(table).toHaveLength(4);
    const line = table.find((r) => r[0] === String(course.id))!;
    expect(line[1]).toBe('\'=HYPERLINK("http://x")');
    expect(line[8]).toBe("'@Risky Product");
    expect(line.slice(10)).toEqual([
      'Inclusive Access',
      'Billed',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      '3',
      '1',
      '1',
      '1',
      '1',
    ]);
  });

  it('CSReport: one line per enrollment with access display, NA and opt status', async () => {
    const res = await t.as('preg').call(reportsApi.csReport, { query: { organizationId: w.a.id } });
    const table = rows(res.body);
    expect(table).toHaveLength(4);
    expect(table.slice(1).map((r) => [r[6], r[8], r[9]])).toEqual([
      ['Paid', 'Institution_Paid', 'Opted in'],
      ['14 day trial', 'Institution_Paid', 'Opted out'],
      ['Expired', 'NA', 'Opted in'],
    ]);
  });

  it('census data: only courses with a census, filtered by period', async () => {
    const res = await t.as('preg').call(reportsApi.censusData, { query: { organizationId: w.a.id } });
    expect(rows(res.body).map((r) => r[1])).toEqual(['Course Name', '\'=HYPERLINK("http://x")', 'Old']);
    const current = await t
      .as('preg')
      .call(reportsApi.censusData, { query: { organizationId: w.a.id, coursePeriod: 'current' } });
    expect(rows(current.body)).toHaveLength(2);
    expect(rows(current.body)[1].slice(4)).toEqual([
      '14',
      expect.any(String),
      'Inclusive Access',
      'Billed',
      '3',
      '2',
      '1',
    ]);
  });

  it('403 without CAN_ACCESS_REPORTING_ANALYTICS or for another institution, 404 unknown, 422 bad input', async () => {
    for (const route of Object.values(reportsApi)) {
      const status = async (who: string, query: RouteQuery<typeof route>) =>
        (await t.as(who).call(route, { query })).statusCode;
      expect(await status('pviewer', { organizationId: w.a.id })).toBe(403);
      expect(await status('pinsider', { organizationId: w.a.id })).toBe(403);
      expect(await status('preg', { organizationId: w.b.id })).toBe(403);
      expect(await status('pboss', { organizationId: 987654 })).toBe(404);
      expect(await status('preg', { organizationId: 'x' })).toBe(422);
      expect(await status('preg', { organizationId: w.a.id, coursePeriod: 'later' })).toBe(422);
    }
  });
});
