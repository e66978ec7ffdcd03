import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersApi } from '../../shared/contract/offers';
import { productsApi } from '../../shared/contract/products';
import { urlOf } from '../../shared/contract/route';
import { localIsoDate } from '../../shared/validation';
import { institutions, offers } from '../db/schema';
import { createCourseWorld, createOffer, createSection } from '../test/course-fixtures';
import { bearer, createInstitution, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import {
  createIntegration,
  createIsbnProduct,
  createPairing,
  createSiblingInstitution,
} from '../test/product-fixtures';
import { defaultTimeZone } from './institution-today';
import { providerToday, todaySql, todaysOf } from './today-rule';

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any moment Kiritimati's calendar is
// a day or two past Pago Pago's, so a day that is "today" in Pago Pago is already over in Kiritimati.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

let t: TestApp;
let token: string;
let east: { id: number; organizationId: number };
let west: { id: number };
let westToday = '';
let product: Awaited<ReturnType<typeof createIsbnProduct>>;

const setZone = (id: number, timeZone: string | null) =>
  t.db.update(institutions).set({ timeZone }).where(eq(institutions.id, id));

beforeAll(async () => {
  t = await createTestApp();
  await createCourseWorld(t.db, t.app.config.internalGroupId, 'tr');
  token = await login(t.app, 'trboss');
  east = await createInstitution(t.db, 'tr Kiritimati College');
  west = await createSiblingInstitution(t.db, east, 'tr Pago Pago College');
  await setZone(east.id, EAST);
  await setZone(west.id, WEST);
  westToday = localIsoDate(new Date(), WEST);
  // one product offered in both, each offer ending on Pago Pago's today, each paired to a course
  product = await createIsbnProduct(t.db, 'tr Zone Reader');
  for (const inst of [east, west]) {
    const offer = await createOffer(t.db, inst.id, product);
    await t.db.update(offers).set({ endsOn: westToday }).where(eq(offers.id, offer.id));
    const section = await createSection(t.db, { institutionId: inst.id, courseName: `tr ${inst.id}` });
    const lms = await createIntegration(t.db, inst.id);
    await createPairing(t.db, {
      institutionId: inst.id,
      productId: product.id,
      sectionId: section.id,
      integrationId: lms.id,
      lmsCourseId: `tr-${inst.id}`,
      censusDuration: 10,
      freeAccessDuration: 5,
      courseStartDate: section.startDate,
      courseEndDate: section.endDate,
    });
  }
});
afterAll(() => t.close());

describe('the today rule', () => {
  it("gives each institution its own day on both sides of a midnight, and the provider's (TZ) otherwise", async () => {
    const ny = await createInstitution(t.db, 'tr New York College');
    const tokyo = await createInstitution(t.db, 'tr Tokyo College');
    await setZone(ny.id, 'America/New_York');
    await setZone(tokyo.id, 'Asia/Tokyo');
    // 23:30 on Nov 23 in New York is 13:30 on Nov 24 in Tokyo; 00:01 on Nov 24 in New York
    const before = await todaysOf(t.db, [ny.id, tokyo.id], new Date('2026-11-24T04:30:00Z'));
    expect([before.get(ny.id), before.get(tokyo.id)]).toEqual(['2026-11-23', '2026-11-24']);
    const after = await todaysOf(t.db, [ny.id, tokyo.id], new Date('2026-11-24T05:01:00Z'));
    expect([after.get(ny.id), after.get(tokyo.id)]).toEqual(['2026-11-24', '2026-11-24']);
    // in SQL, each row compares with its own institution's day
    const rows = await t.db
      .select({ id: institutions.id, day: todaySql(institutions.id, before, 1) })
      .from(institutions)
      .where(inArray(institutions.id, [ny.id, tokyo.id]));
    const days = new Map(rows.map((r) => [r.id, String(r.day).slice(0, 10)]));
    expect([days.get(ny.id), days.get(tokyo.id)]).toEqual(['2026-11-24', '2026-11-25']);
    const now = new Date('2026-11-24T04:30:00Z');
    expect(providerToday(now)).toBe(localIsoDate(now, defaultTimeZone()));
  });

  it.each([
    ['Kiritimati first', () => [east.id, west.id]],
    ['Pago Pago first', () => [west.id, east.id]],
  ])('compares offers of two zones each by its own day (%s)', async (_name, order) => {
    const post = (body: object) =>
      t.app.inject({
        method: offersApi.compare.method,
        url: offersApi.compare.path,
        headers: bearer(token),
        payload: { organizationIds: order(), ...body },
      });
    const all = (await post({})).json();
    const soon = (name: string) =>
      all.offers.find((o: { institutionName: string }) => o.institutionName === name).expiresSoon;
    // ending today in Pago Pago: about to expire there; in Kiritimati that day is over
    expect(soon('tr Pago Pago College')).toBe(true);
    expect(soon('tr Kiritimati College')).toBe(false);
    expect(all.expiringCount).toBe(1);
    const expiring = (await post({ expiring: true })).json();
    expect(expiring.offers.map((o: { institutionName: string }) => o.institutionName)).toEqual([
      'tr Pago Pago College',
    ]);
  });

  it("judges each pairing of the provider-wide Products list by its own institution's day", async () => {
    const res = await t.app.inject({
      method: productsApi.list.method,
      url: urlOf(productsApi.list, { params: { id: east.organizationId }, query: { pairing: 'true' } }),
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const view = res.json().productViews.find((p: { productId: number }) => p.productId === product.id);
    const readiness = (id: number) =>
      view.pairings.find((p: { institutionId: number }) => p.institutionId === id).readiness;
    expect(readiness(west.id)).toBe('ready');
    expect(readiness(east.id)).toBe('offerExpired');
  });
});
