import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIsoDate } from '../../../shared/validation';
import { institutions, offers } from '../../db/schema';
import { defaultTimeZone, todayInInstitution } from '../../lib/institution-today';
import { createCourseWorld, createOffer, createProduct, createSection } from '../../test/course-fixtures';
import { createInstitution } from '../../test/fixtures';
import { adminToolsApi } from '../../../shared/contract/admin-tools';
import { coursesApi } from '../../../shared/contract/courses';
import { institutionsApi } from '../../../shared/contract/institutions';
import { offersApi } from '../../../shared/contract/offers';
import { createTestApp, type TestApp } from '../../test/harness';

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any moment Kiritimati's
// calendar is already one or two days past Pago Pago's, so "today" there differs whatever the clock.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

let t: TestApp;
let east: { id: number };
let west: { id: number };
const setZone = (id: number, timeZone: string | null) =>
  t.db.update(institutions).set({ timeZone }).where(eq(institutions.id, id));
// offers and the institution setting belong to other features: their paths are written here

beforeAll(async () => {
  t = await createTestApp();
  await createCourseWorld(t.db, t.app.config.internalGroupId, 'tz');
  await t.as('tzboss').token();
  east = await createInstitution(t.db, 'tz Kiritimati College');
  west = await createInstitution(t.db, 'tz Pago Pago College');
  await setZone(east.id, EAST);
  await setZone(west.id, WEST);
});
afterAll(() => t.close());

describe('today in an institution', () => {
  it('is the calendar day of its own zone on both sides of midnight', async () => {
    // 23:30 on Nov 23 in New York is 13:30 on Nov 24 in Tokyo
    const lateEvening = new Date('2026-11-24T04:30:00Z');
    await setZone(east.id, 'America/New_York');
    await setZone(west.id, 'Asia/Tokyo');
    try {
      expect(await todayInInstitution(t.db, east.id, lateEvening)).toBe('2026-11-23');
      expect(await todayInInstitution(t.db, west.id, lateEvening)).toBe('2026-11-24');
      // one minute past midnight in New York: both on the 24th
      const justAfter = new Date('2026-11-24T05:01:00Z');
      expect(await todayInInstitution(t.db, east.id, justAfter)).toBe('2026-11-24');
    } finally {
      await setZone(east.id, EAST);
      await setZone(west.id, WEST);
    }
  });

  it("follows the server's zone (TZ) when the institution has none", async () => {
    const plain = await createInstitution(t.db, 'tz Plain College');
    const now = new Date('2026-03-01T12:00:00Z');
    expect(await todayInInstitution(t.db, plain.id, now)).toBe(localIsoDate(now, defaultTimeZone()));
    const res = await t.as('tzboss').call(institutionsApi.details, { params: { organizationId: plain.id } });
    expect(res.json().timeZone).toBe(defaultTimeZone());
  });
});

describe('periods and offers follow the institution zone', () => {
  it('a course ending on Pago Pago today is current there and past in Kiritimati', async () => {
    const westToday = localIsoDate(new Date(), WEST);
    const w = await createSection(t.db, {
      institutionId: west.id,
      courseName: 'West course',
      endDate: westToday,
    });
    const e = await createSection(t.db, {
      institutionId: east.id,
      courseName: 'East course',
      endDate: westToday,
    });
    const list = async (id: number, period: string) =>
      (
        await t
          .as('tzboss')
          .call(coursesApi.search, { query: { organizationId: id, coursePeriod: period, filterBy: 'ALL' } })
      )
        .json()
        .courses.map((c: { sectionId: number }) => c.sectionId);
    expect(await list(west.id, 'CURRENT')).toContain(w.id);
    expect(await list(east.id, 'CURRENT')).not.toContain(e.id);
    expect(await list(east.id, 'PAST')).toContain(e.id);
    expect(
      (await t.as('tzboss').call(coursesApi.details, { query: { sectionId: w.id } })).json().course
        .coursePeriod,
    ).toBe('current');
    expect(
      (await t.as('tzboss').call(coursesApi.details, { query: { sectionId: e.id } })).json().course
        .coursePeriod,
    ).toBe('past');
  });

  it('an offer ending on Pago Pago today is about to expire there, already over in Kiritimati', async () => {
    const westToday = localIsoDate(new Date(), WEST);
    const product = await createProduct(t.db, 'Zone Chemistry');
    const [w, e] = [await createOffer(t.db, west.id, product), await createOffer(t.db, east.id, product)];
    await t.db
      .update(offers)
      .set({ endsOn: westToday })
      .where(inArray(offers.id, [w.id, e.id]));
    const detail = async (id: number) =>
      (await t.as('tzboss').call(offersApi.detail, { params: { offerId: id } })).json().offer;
    expect((await detail(w.id)).expiresSoon).toBe(true);
    expect((await detail(e.id)).expiresSoon).toBe(false);
  });
});

describe('the institution time zone setting', () => {
  const body = (over: { timeZone: string; version: number }) => ({
    censusDuration: -1,
    offerType: null,
    orgInclusiveId: null,
    inclusiveAccess: false,
    ...over,
  });
  it('is saved from the Inclusive Access page and shown in the details', async () => {
    const inst = await createInstitution(t.db, 'tz Zone Setting College');
    const res = await t.as('tzboss').call(adminToolsApi.updateInstitution, {
      query: { organizationId: inst.id },
      body: body({ timeZone: 'America/Chicago', version: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().institution.timeZone).toBe('America/Chicago');
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, inst.id));
    expect(row!.timeZone).toBe('America/Chicago');
  });

  it('refuses an unknown zone with 422 and changes nothing', async () => {
    const inst = await createInstitution(t.db, 'tz Bad Zone College');
    const res = await t.as('tzboss').call(adminToolsApi.updateInstitution, {
      query: { organizationId: inst.id },
      body: body({ timeZone: 'Mars/Olympus', version: 1 }),
    });
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, inst.id));
    expect(row!.timeZone).toBeNull();
    expect(row!.version).toBe(1);
  });
});
