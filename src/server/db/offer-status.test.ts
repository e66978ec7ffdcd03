import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesApi } from '../../shared/contract/courses';
import { institutionsApi } from '../../shared/contract/institutions';
import { offersApi } from '../../shared/contract/offers';
import { pathOf, urlOf } from '../../shared/contract/route';
import { OFFER_STATUS_DISPLAYS, offerStatusDisplay } from '../../shared/status';
import { createCourseWorld, createOffer, createProduct, createSection, day } from '../test/course-fixtures';
import { bearer, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { offerStatusIs } from './offer-status';
import { offers } from './schema';

/**
 * The offer-status rule has one home (src/shared/status.ts, in SQL through db/offer-status.ts):
 * a stored status counts the same in every query and on every page, whatever its case.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let token: string;
let lower: Awaited<ReturnType<typeof createProduct>>;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'os');
  token = await login(t.app, 'osreg');
  lower = await createProduct(t.db, 'Lower Case Approved');
  // stored in lower case: shown Active on the Offers page
  await createOffer(t.db, w.a.id, lower, 'INCLUSIVE_ACCESS', 'approved');
  // a rejected offer of the same product that runs longer: never the course's access type
  const rejected = await createOffer(t.db, w.a.id, lower, 'DIRECT_TO_STUDENT', 'Rejected');
  await t.db
    .update(offers)
    .set({ endsOn: day(400) })
    .where(eq(offers.id, rejected.id));
  await createSection(t.db, { institutionId: w.a.id, courseName: 'Case Study 101', productId: lower.id });
});

afterAll(async () => {
  await t?.close();
});

describe('offer status in any case', () => {
  it('an offer stored as "approved" is Active on the Offers page and on the create-course form', async () => {
    const list = await get(urlOf(offersApi.list, { query: { organizationId: w.a.id } }));
    expect(list.statusCode).toBe(200);
    const shown = list
      .json()
      .offers.map((o: { offerStatus: string; statusDisplay: string }) => [o.offerStatus, o.statusDisplay]);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['approved', 'active'],
        ['Rejected', 'inactive'],
      ]),
    );
    const form = await get(pathOf(institutionsApi.courseCreationInfo, { organizationId: w.a.id }));
    expect(form.statusCode).toBe(200);
    expect(form.json().products.map((p: { productName: string }) => p.productName)).toContain(
      'Lower Case Approved',
    );
  });

  it("the course list takes the course's access type from that active offer", async () => {
    const res = await get(urlOf(coursesApi.list, { query: { organizationId: w.a.id } }));
    expect(res.statusCode).toBe(200);
    const course = res.json().courses.find((c: { courseName: string }) => c.courseName === 'Case Study 101');
    expect(course.accessType).toBe('INCLUSIVE_ACCESS');
  });

  it('SQL and TypeScript put every stored status under the same display value', async () => {
    const stored = ['APPROVED', 'approved', 'New', 'REJECTED', 'rejected', 'Expired', 'PENDING', 'draft'];
    const product = await createProduct(t.db, 'Every Status');
    const ids = new Map<number, string>();
    for (const status of stored)
      ids.set((await createOffer(t.db, w.b.id, product, 'OPT_IN', status)).id, status);
    for (const display of OFFER_STATUS_DISPLAYS) {
      const rows = await t.db
        .select({ id: offers.id })
        .from(offers)
        .where(offerStatusIs(display))
        .then((r) => r.filter((x) => ids.has(x.id)).map((x) => ids.get(x.id)));
      expect(rows.sort(), display).toEqual(stored.filter((s) => offerStatusDisplay(s) === display).sort());
    }
  });
});
