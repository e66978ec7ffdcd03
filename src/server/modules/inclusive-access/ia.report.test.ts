import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inclusiveAccessApi } from '../../../shared/contract/inclusive-access';
import { enrollments, institutions } from '../../db/schema';
import {
  createCourseWorld,
  createSection,
  createStaff,
  createStudent,
  day,
  enroll,
} from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let open: { id: number };
let closed: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'cr');
  await t.db.update(institutions).set({ offerType: 'INCLUSIVE_ACCESS' }).where(eq(institutions.id, w.a.id));
  open = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Open 101',
    startDate: day(-3),
    censusDuration: 10,
  });
  closed = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Closed 101',
    startDate: day(-30),
    censusDuration: 10,
  });
  const s = (n: string) => createStudent(t.db, w.a.id, n);
  // open course: 2 billable, 1 opted out, 1 trial running, 1 TA, 1 dropped before census
  await enroll(t.db, open.id, await s('cr-a'));
  await enroll(t.db, open.id, await s('cr-b'), { currentAccess: 'Institution_Paid' });
  await enroll(t.db, open.id, await s('cr-c'), { optStatus: 'optout' });
  await enroll(t.db, open.id, await s('cr-d'), { accessType: 'TEMP', endsInDays: 5 });
  const ta = await enroll(t.db, open.id, await createStaff(t.db, w.a.id, 'cr-ta', 'ta'));
  await t.db.update(enrollments).set({ courseRole: 'ta' }).where(eq(enrollments.id, ta.id));
  const drop = await enroll(t.db, open.id, await s('cr-e'));
  // closed course: 1 billable, 1 late override to opted out, 1 dropped after census (still billed)
  await enroll(t.db, closed.id, await s('cr-f'));
  const late = await enroll(t.db, closed.id, await s('cr-g'));
  const dropLate = await enroll(t.db, closed.id, await s('cr-h'));
  const reg = t.as('crreg');
  await reg.call(inclusiveAccessApi.drop, { query: { sectionId: open.id }, body: { enrollmentId: drop.id } });
  await reg.call(inclusiveAccessApi.drop, {
    query: { sectionId: closed.id },
    body: { enrollmentId: dropLate.id },
  });
  const o = await reg.call(inclusiveAccessApi.optStatus, {
    query: { sectionId: closed.id },
    body: { enrollmentId: late.id, optStatus: 'optout', reason: 'Financial aid exception' },
  });
  expect(o.statusCode).toBe(200);
});
afterAll(() => t.close());

const census = (who: string) =>
  t.as(who).call(inclusiveAccessApi.censusReport, { query: { organizationId: w.a.id, coursePeriod: 'all' } });
/** The per-student file; `format` is left out for the default (CSV). */
const students = (who: string, format?: 'xlsx') =>
  t.as(who).call(inclusiveAccessApi.censusStudents, {
    query: { organizationId: w.a.id, coursePeriod: 'all', ...(format ? { format } : {}) },
  });
const dashboard = (who: string, organizationId: number) =>
  t.as(who).call(inclusiveAccessApi.dashboard, { query: { organizationId } });

describe('census report', () => {
  it('counts per course from the billable rule, and its totals equal the sum of its rows', async () => {
    const res = await census('crreg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.optModel).toBe('optOut');
    expect(body.courses).toEqual([
      expect.objectContaining({
        sectionId: open.id,
        locked: false,
        enrollments: 6,
        billable: 2,
        nonBillable: 4,
        optedOut: 1,
        trialRunning: 1,
        lateOverrides: 0,
      }),
      expect.objectContaining({
        sectionId: closed.id,
        locked: true,
        enrollments: 3,
        billable: 2,
        nonBillable: 1,
        optedOut: 1,
        trialRunning: 0,
        lateOverrides: 1,
      }),
    ]);
    for (const k of Object.keys(body.totals))
      expect(body.totals[k]).toBe(body.courses.reduce((n: number, c: Record<string, number>) => n + c[k], 0));
  });

  it('the CSV has a line per enrollment, and its billable lines agree with the counts on screen', async () => {
    const summary = (await census('crreg')).json();
    const res = await students('crreg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Section ID,Course Name,Section Code,Census Date,Student Name,E-mail,Username,Role,Access,Opt Status,Dropped,Billable,Reason,Late Override',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows).toHaveLength(summary.totals.enrollments);
    for (const c of summary.courses) {
      const mine = rows.filter((r) => Number(r[0]) === c.sectionId);
      expect(mine.filter((r) => r[11] === 'Yes')).toHaveLength(c.billable);
      expect(mine.filter((r) => r[12] === 'Opted out')).toHaveLength(c.optedOut);
      expect(mine.filter((r) => r[13] === 'Yes')).toHaveLength(c.lateOverrides);
    }
    expect(
      lines.some((l) => l.includes('cr-ta') && l.endsWith(',ta,Paid,Opted in,,No,Instructor or TA,No')),
    ).toBe(true);
    expect(lines.some((l) => l.includes('cr-e@') && l.includes('No,Dropped before census'))).toBe(true);
    expect(lines.some((l) => l.includes('cr-h@') && l.includes('Yes,Dropped after census (billed)'))).toBe(
      true,
    );
  });

  it('the .xlsx holds the same lines as the CSV', async () => {
    const csv = (await students('crreg')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const res = await students('crreg', 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Census_\d+_all_\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Census')!;
    expect(sheet.rowCount).toBe(csv.length);
    const billableCells: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) billableCells.push(String(row.getCell(12).value));
    });
    expect(billableCells.filter((v) => v === 'Yes')).toHaveLength(4);
  });

  it('refuses internal users and viewers (403), bad input (422)', async () => {
    expect((await census('crinsider')).statusCode).toBe(403);
    expect((await students('crviewer')).statusCode).toBe(403);
    expect(
      (
        await t.as('crreg').get(inclusiveAccessApi.censusStudents.path, {
          query: { organizationId: String(w.a.id), format: 'pdf' },
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('dashboard', () => {
  it('counts courses and students by period, opt-out near census, pairing and low enrollment', async () => {
    const res = await dashboard('crreg', w.a.id);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.enrollmentByPeriod.find((p: { period: string }) => p.period === 'current')).toEqual({
      period: 'current',
      courses: 2,
      students: 8,
    });
    expect(d.optOutNearCensus).toEqual([
      { sectionId: open.id, courseName: 'Open 101', censusDate: day(7), students: 5, optedOut: 2 },
      { sectionId: closed.id, courseName: 'Closed 101', censusDate: day(-20), students: 3, optedOut: 1 },
    ]);
    expect(d.pairing).toEqual({ paired: 0, unpaired: 2 });
    expect(d.lowEnrollment.map((c: { sectionId: number }) => c.sectionId)).toEqual([closed.id]);
    expect(d.copyOutcomes).toEqual([]);
    expect((await dashboard('crviewer', w.a.id)).statusCode).toBe(200);
    expect((await dashboard('crreg', w.b.id)).statusCode).toBe(403);
  });
});
