import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, productsApi } from '../../../shared/contract/products';
import type { RouteBody, RouteQuery } from '../../../shared/contract/route';
import { addDaysIso, censusDate, VALIDATION_TEXT } from '../../../shared/validation';
import { auditLog, lmsCoursePairings } from '../../db/schema';
import { createOffer, createSection, day } from '../../test/course-fixtures';
import { addToInternalGroup, createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createChannelPartner,
  createIntegration,
  createIsbnProduct,
  createPairing,
  createSiblingInstitution,
} from '../../test/product-fixtures';

let t: TestApp;
let w: {
  a: { id: number; organizationId: number };
  a2: { id: number };
  b: { id: number; organizationId: number };
  empty: { id: number; organizationId: number };
  bare: { id: number; organizationId: number };
  partner: { id: number };
  bio: Awaited<ReturnType<typeof createIsbnProduct>>;
  chem: Awaited<ReturnType<typeof createIsbnProduct>>;
  physics: Awaited<ReturnType<typeof createIsbnProduct>>;
  bOnly: Awaited<ReturnType<typeof createIsbnProduct>>;
  canvas: { id: number };
  moodle: { id: number };
  off: { id: number };
  canvasB: { id: number };
  secA: { id: number; startDate: string; endDate: string };
  secA2: { id: number };
  secB: { id: number };
  pairA: { id: number };
  pairOld: { id: number };
  pairB: { id: number };
};

/** The test's users by role: super admin, nasupport, associate super admin, internal user, registrar. */
const USERS = {
  super: 'psuper',
  support: 'psupport',
  associate: 'passociate',
  internal: 'pinternal',
  registrar: 'pregistrar',
} as const;
const as = (who: keyof typeof USERS) => t.as(USERS[who]);

const pairingRow = async (id: number) =>
  (await t.db.select().from(lmsCoursePairings).where(eq(lmsCoursePairings.id, id)))[0];
const pairingCount = async () => Number((await t.db.select({ n: count() }).from(lmsCoursePairings))[0].n);
const audits = async (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const a = await createInstitution(db, 'Prod Alder College');
  const a2 = await createSiblingInstitution(db, a, 'Prod Alder North');
  const b = await createInstitution(db, 'Prod Birch University');
  const empty = await createInstitution(db, 'Prod Empty College');
  const bare = await createInstitution(db, 'Prod Bare College');
  const partner = await createChannelPartner(db, 'Campus Books');
  const bio = await createIsbnProduct(db, 'Biology Essentials', { channelPartnerId: partner.id });
  const chem = await createIsbnProduct(db, 'Chemistry Today');
  const physics = await createIsbnProduct(db, 'Physics Now');
  const bOnly = await createIsbnProduct(db, 'Birch Only Reader');
  await createOffer(db, a.id, bio, 'INCLUSIVE_ACCESS', 'APPROVED');
  await createOffer(db, a2.id, bio, 'INCLUSIVE_ACCESS', 'NEW');
  await createOffer(db, a.id, chem, 'INCLUSIVE_ACCESS', 'EXPIRED');
  await createOffer(db, a2.id, physics, 'OPT_IN', 'REJECTED');
  await createOffer(db, b.id, bOnly, 'INCLUSIVE_ACCESS', 'APPROVED');
  await createOffer(db, bare.id, physics, 'INCLUSIVE_ACCESS', 'APPROVED');
  const canvas = await createIntegration(db, a.id, 'canvas', { name: 'Alder Canvas' });
  const moodle = await createIntegration(db, a.id, 'moodle', { name: 'Alder Moodle' });
  const off = await createIntegration(db, a.id, 'blackboard', {
    name: 'Alder Old Blackboard',
    enabled: false,
  });
  const canvasB = await createIntegration(db, b.id, 'canvas', { name: 'Birch Canvas' });
  const secA = await createSection(db, { institutionId: a.id, courseName: 'BIO 101', productId: bio.id });
  const secA2 = await createSection(db, { institutionId: a.id, courseName: 'CHEM 110' });
  const secB = await createSection(db, { institutionId: b.id, courseName: 'Birch 200' });
  const pairA = await createPairing(db, {
    institutionId: a.id,
    productId: bio.id,
    sectionId: secA.id,
    integrationId: canvas.id,
    lmsCourseId: '1001',
    lmsCourseName: '=HYPERLINK("http://evil")',
    censusDuration: 20,
    freeAccessDuration: 7,
    courseStartDate: secA.startDate,
    courseEndDate: secA.endDate,
  });
  const pairOld = await createPairing(db, {
    institutionId: a.id,
    productId: chem.id,
    sectionId: secA2.id,
    integrationId: off.id,
    lmsCourseId: '_77_1',
    censusDuration: 30,
    freeAccessDuration: 5,
    courseStartDate: day(-400),
    courseEndDate: day(-300),
  });
  const pairB = await createPairing(db, {
    institutionId: b.id,
    productId: bOnly.id,
    sectionId: secB.id,
    integrationId: canvasB.id,
    lmsCourseId: '2002',
    censusDuration: 14,
    freeAccessDuration: 3,
    courseStartDate: secB.startDate,
    courseEndDate: secB.endDate,
  });
  w = {
    a,
    a2,
    b,
    empty,
    bare,
    partner,
    bio,
    chem,
    physics,
    bOnly,
    canvas,
    moodle,
    off,
    canvasB,
    secA,
    secA2,
    secB,
    pairA,
    pairOld,
    pairB,
  };

  const home = await createInstitution(db, 'Prod Staff Home');
  const people = {
    super: await createUser(db, USERS.super, { superAdmin: true }),
    support: await createUser(db, USERS.support, { nasupport: true }),
    associate: await createUser(db, USERS.associate, { associateSuperAdmin: true }),
    internal: await createUser(db, USERS.internal),
    registrar: await createUser(db, USERS.registrar),
  };
  const { ADMIN_PERMISSIONS } = await import('../../../shared/permissions');
  await createRole(db, home.id, 'Administrator', ADMIN_PERMISSIONS, [
    people.super.id,
    people.support.id,
    people.associate.id,
  ]);
  await createRole(db, a.id, 'Administrator', ADMIN_PERMISSIONS, [people.registrar.id]);
  await addToInternalGroup(db, t.app.config.internalGroupId, people.internal.id);
});
afterAll(() => t.close());

describe('GET /api/products/organization/{id}', () => {
  const list = (
    who: keyof typeof USERS,
    query: RouteQuery<typeof productsApi.list> = {},
    id = w.a.organizationId,
  ) => as(who).call(productsApi.list, { params: { id }, query });

  it('organization view: products of the organisation with their offers at its institutions, 10 per page', async () => {
    const res = await list('internal');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(10);
    expect(body.canEdit).toBe(false);
    expect(body.productViews.map((p: { productName: string }) => p.productName)).toEqual([
      'Biology Essentials',
      'Chemistry Today',
      'Physics Now',
    ]);
    const bio = body.productViews[0];
    expect(bio.channelPartner).toMatchObject({ name: 'Campus Books' });
    expect(
      bio.offers.map((o: { institutionName: string; statusDisplay: string }) => [
        o.institutionName,
        o.statusDisplay,
      ]),
    ).toEqual([
      ['Prod Alder College', 'active'],
      ['Prod Alder North', 'active'],
    ]);
    expect(bio.pairingCount).toBe(1);
    expect(bio.pairings).toEqual([]);
    expect(body.total).toBe(3);
  });

  it('filters narrow the list: product, offer status, channel partner, ISBN', async () => {
    const names = async (query: RouteQuery<typeof productsApi.list>) =>
      (await list('super', query)).json().productViews.map((p: { productName: string }) => p.productName);
    expect(await names({ productId: w.chem.id })).toEqual(['Chemistry Today']);
    expect(await names({ offerStatus: 'expired' })).toEqual(['Chemistry Today']);
    expect(await names({ offerStatus: 'inactive' })).toEqual(['Physics Now']);
    expect(await names({ channelPartner: w.partner.id })).toEqual(['Biology Essentials']);
    expect(await names({ isbn: w.physics.isbn.slice(-6) })).toEqual(['Physics Now']);
    const hyphenated = `${w.chem.isbn.slice(0, 3)}-${w.chem.isbn.slice(3)}`;
    expect(await names({ isbn: hyphenated })).toEqual(['Chemistry Today']);
    // letters are the ISBN field's error (the screen shows it under the box), not a generic failure
    const letters = await list('super', { isbn: '97801ab' });
    expect(letters.statusCode).toBe(422);
    expect(letters.json()).toMatchObject({ message: 'error.validation', fields: { isbn: 'Digits only.' } });
  });

  it('pairing view lists the pairings under each product with dates and readiness', async () => {
    const res = await list('support', { pairing: 'true' });
    const body = res.json();
    expect(body.canEdit).toBe(true);
    const bio = body.productViews.find((p: { productId: number }) => p.productId === w.bio.id);
    expect(bio.pairings).toHaveLength(1);
    expect(bio.pairings[0]).toMatchObject({
      pairingId: w.pairA.id,
      integrationName: 'Alder Canvas',
      censusDuration: 20,
      freeAccessDuration: 7,
      censusDate: day(10),
      freeAccessEndDate: day(-3),
      readiness: 'ready',
    });
    const chem = body.productViews.find((p: { productId: number }) => p.productId === w.chem.id);
    expect(chem.pairings[0].readiness).toBe('offerExpired');
    // the list's pairings (one JSON statement) are field for field what coursedetails reads
    for (const pv of body.productViews)
      for (const pairing of pv.pairings) {
        const one = await as('support').call(productsApi.pairing, {
          query: { pairingId: pairing.pairingId },
        });
        expect(pairing).toEqual(one.json().pairing);
      }
  });

  it('course-date flag keeps pairings starting in the range; a range over six months is refused', async () => {
    const dates = (courseDateFrom: string, courseDateTo: string) =>
      list('super', { pairing: 'true', courseDateFrom, courseDateTo });
    const res = await dates(day(-30), day(30));
    expect(res.statusCode).toBe(200);
    expect(res.json().productViews.map((p: { productName: string }) => p.productName)).toEqual([
      'Biology Essentials',
    ]);
    const long = await dates('2026-01-01', '2026-07-02');
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.courseDateTo).toBe(VALIDATION_TEXT.dateRangeSixMonths);
    expect(long.json().fields.courseDateTo).toBe(
      'Please select date ranges less than or equal to six months.',
    );
    const six = await dates('2026-01-01', '2026-07-01');
    expect(six.statusCode).toBe(200);
  });

  it('institution view: each institution with its own products', async () => {
    const res = await list('associate', { view: 'institution' });
    const body = res.json();
    expect(body.productViews).toEqual([]);
    expect(
      body.institutionViews.map((i: { institutionName: string; products: { productName: string }[] }) => [
        i.institutionName,
        i.products.map((p) => p.productName),
      ]),
    ).toEqual([
      ['Prod Alder College', ['Biology Essentials', 'Chemistry Today']],
      ['Prod Alder North', ['Biology Essentials', 'Physics Now']],
    ]);
    expect(body.total).toBe(4);
    const north = body.institutionViews[1].products[0];
    expect(north.offers.map((o: { institutionName: string }) => o.institutionName)).toEqual([
      'Prod Alder North',
    ]);
  });

  it('pages: page 2 of 2-per-page holds the third product', async () => {
    const res = await list('super', { pageSize: 2, page: 2 });
    expect(res.json().productViews.map((p: { productName: string }) => p.productName)).toEqual([
      'Physics Now',
    ]);
    expect(res.json().total).toBe(3);
  });

  it('registrars are refused 403 error.accessDenied; an unknown organisation is 404', async () => {
    const res = await list('registrar');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.accessDenied');
    expect((await list('super', {}, 999999)).statusCode).toBe(404);
  });
});

describe('GET /api/products/{id}/details', () => {
  const detail = (query: { urn: string; channelPartner?: number }, who: keyof typeof USERS = 'super') =>
    as(who).call(productsApi.detail, { params: { id: w.a.id }, query });

  it('product fields, offers at the institution, pairings and the sections using it', async () => {
    const res = await detail({ urn: w.bio.urn }, 'internal');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.product).toMatchObject({ productName: 'Biology Essentials', isbn: w.bio.isbn });
    expect(body.offers).toHaveLength(1);
    expect(body.pairings.map((p: { pairingId: number }) => p.pairingId)).toEqual([w.pairA.id]);
    expect(body.sections.map((s: { courseName: string }) => s.courseName)).toEqual(['BIO 101']);
  });
  it('unknown urn → 404 No Product Found; another channel partner → 404', async () => {
    const res = await detail({ urn: 'urn:none' });
    expect(res.statusCode).toBe(404);
    expect(res.json().description).toBe('No Product Found');
    const other = await detail({ urn: w.chem.urn, channelPartner: w.partner.id });
    expect(other.statusCode).toBe(404);
  });
});

describe('product lookups', () => {
  const byIsbn = (isbn: string, who: keyof typeof USERS = 'super') =>
    as(who).call(productsApi.byIsbn, { params: { isbn } });
  const search = (x: string) => as('super').call(productsApi.search, { params: { x } });

  it('productDetailsByIsbn accepts ISBN-10 and ISBN-13 with hyphens or spaces, normalised to ISBN-13', async () => {
    const { parse } = await import('isbn3');
    const isbn10 = parse(w.bio.isbn)!.isbn10h!;
    for (const typed of [w.bio.isbn, isbn10, isbn10.replace(/-/g, ' '), parse(w.bio.isbn)!.isbn13h]) {
      const res = await byIsbn(typed, 'internal');
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toMatchObject({ isbn13: w.bio.isbn, product: { productId: w.bio.id } });
    }
  });
  it('a wrong checksum is 422 Not Valid Product ID; a valid unknown ISBN is 404 No Product Found', async () => {
    const wrong = `${w.bio.isbn.slice(0, 12)}${(Number(w.bio.isbn[12]) + 1) % 10}`;
    const bad = await byIsbn(wrong);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'error.invalidProductId',
      description: 'Not Valid Product ID',
    });
    const unknown = await byIsbn('0-306-40615-2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message: 'error.productNotFound',
      description: 'No Product Found',
    });
  });
  it('productDetails by id or by name text', async () => {
    const byId = await search(String(w.chem.id));
    expect(byId.json().products.map((p: { productName: string }) => p.productName)).toEqual([
      'Chemistry Today',
    ]);
    const byName = await search('essent');
    expect(byName.json().products.map((p: { productName: string }) => p.productName)).toEqual([
      'Biology Essentials',
    ]);
    const none = await search('zzzz');
    expect(none.statusCode).toBe(404);
    expect(none.json().description).toBe('No Product Found');
    const zero = await search('0');
    expect(zero.statusCode).toBe(422);
    expect(zero.json().description).toBe('Not Valid Product ID');
  });
  it('getLmsList lists the institution integrations and its current courses; channel partners', async () => {
    const res = await as('internal').call(productsApi.lmsList, { query: { organizationId: w.a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().integrationKeyStoreDTOList.map((i: { name: string }) => i.name)).toEqual([
      'Alder Canvas',
      'Alder Moodle',
      'Alder Old Blackboard',
    ]);
    expect(res.json().courses.map((c: { courseName: string }) => c.courseName)).toEqual([
      'BIO 101',
      'CHEM 110',
    ]);
    const cp = await as('internal').call(productsApi.channelPartners);
    expect(cp.json().channelPartners.map((c: { name: string }) => c.name)).toContain('Campus Books');
  });
});

describe('GET/PUT/DELETE /api/products/coursedetails', () => {
  const update = (who: keyof typeof USERS, pairingId: number, organizationId: number, body: object) =>
    as(who).put(productsApi.updatePairing.path, body, {
      query: { pairingId: String(pairingId), organizationId: String(organizationId) },
    });
  const remove = (who: keyof typeof USERS, pairingId: number, organizationId: number) =>
    as(who).call(productsApi.removePairing, { query: { pairingId, organizationId } });

  it('reads one pairing; unknown → 404', async () => {
    const read = (pairingId: number) => as('internal').call(productsApi.pairing, { query: { pairingId } });
    const res = await read(w.pairB.id);
    expect(res.json().pairing).toMatchObject({
      pairingId: w.pairB.id,
      institutionName: 'Prod Birch University',
    });
    expect((await read(999999)).statusCode).toBe(404);
  });

  it('updates the durations, answers the spec text and audits before/after', async () => {
    const res = await as('support').call(productsApi.updatePairing, {
      query: { pairingId: w.pairB.id, organizationId: w.b.id },
      body: { censusDuration: '21', freeAccessDuration: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('LMS Course information Updated successfully.');
    expect(res.json().pairing).toMatchObject({ censusDuration: 21, freeAccessDuration: 0 });
    expect(await pairingRow(w.pairB.id)).toMatchObject({ censusDuration: 21, freeAccessDuration: 0 });
    const [a] = await audits('products.pairing.update', w.pairB.id);
    expect(a.before).toEqual({ censusDuration: 14, freeAccessDuration: 3 });
    expect(a.after).toEqual({ censusDuration: 21, freeAccessDuration: 0 });
  });

  it.each([
    [{ censusDuration: '1.5', freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: '-3', freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: -3, freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: '12a', freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: ' 7', freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: 1.5, freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: 366, freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationRange],
    [{ censusDuration: 0, freeAccessDuration: 0 }, 'censusDuration', VALIDATION_TEXT.durationRange],
    [{ censusDuration: 10, freeAccessDuration: 10 }, 'censusDuration', VALIDATION_TEXT.censusNotAboveFree],
    [{ censusDuration: 10, freeAccessDuration: 12 }, 'freeAccessDuration', VALIDATION_TEXT.freeAboveCensus],
    [{ censusDuration: 10, freeAccessDuration: 366 }, 'freeAccessDuration', VALIDATION_TEXT.freeAccessRange],
    [{ censusDuration: 10, freeAccessDuration: '2 ' }, 'freeAccessDuration', VALIDATION_TEXT.durationNumber],
    [{ censusDuration: 10 }, 'freeAccessDuration', undefined],
  ])('refuses %j with 422 on %s and changes nothing', async (payload, field, message) => {
    const before = await pairingRow(w.pairA.id);
    // malformed on purpose (a missing field among them): sent raw to the route's path
    const res = await update('super', w.pairA.id, w.a.id, payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).toContain(field);
    if (message) expect(res.json().fields[field]).toBe(message);
    expect(await pairingRow(w.pairA.id)).toEqual(before);
  });

  it('another institution’s pairing id → 404 and nothing changes; internal users → 403', async () => {
    const before = await pairingRow(w.pairB.id);
    const change = (who: keyof typeof USERS, organizationId: number) =>
      as(who).call(productsApi.updatePairing, {
        query: { pairingId: w.pairB.id, organizationId },
        body: { censusDuration: 30, freeAccessDuration: 1 },
      });
    expect((await change('super', w.a.id)).statusCode).toBe(404);
    expect((await remove('super', w.pairB.id, w.a.id)).statusCode).toBe(404);
    expect((await change('internal', w.b.id)).statusCode).toBe(403);
    expect(await pairingRow(w.pairB.id)).toEqual(before);
  });

  it('removes a pairing with the spec text and an audit row', async () => {
    const p = await createPairing(t.db, {
      institutionId: w.a.id,
      productId: w.physics.id,
      integrationId: w.moodle.id,
      lmsCourseId: 'to-remove',
      censusDuration: 10,
      freeAccessDuration: 2,
    });
    const res = await remove('support', p.id, w.a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pairingId: p.id, message: 'LMS Course successfully deleted' });
    expect(await pairingRow(p.id)).toBeUndefined();
    const [a] = await audits('products.pairing.delete', p.id);
    expect(a.before).toMatchObject({ lmsCourseId: 'to-remove', productId: w.physics.id });
    expect(a.after).toBeNull();
  });
});

describe('POST /api/products/createCourseParing/', () => {
  const body = (over: Partial<RouteBody<typeof productsApi.createPairing>> = {}) => ({
    organizationId: w.a.id,
    integrationId: w.canvas.id,
    sectionId: w.secA2.id,
    lmsCourseId: `lms-${Math.random().toString(36).slice(2)}`,
    isbn: w.chem.isbn,
    censusDuration: 30,
    freeAccessDuration: 7,
    ...over,
  });
  const pair = (who: keyof typeof USERS, b: RouteBody<typeof productsApi.createPairing>) =>
    as(who).call(productsApi.createPairing, { body: b });

  it('pairs by ISBN-10 with hyphens: spec text, the row and an audit row', async () => {
    const { parse } = await import('isbn3');
    const res = await pair('super', body({ isbn: parse(w.chem.isbn)!.isbn10h, lmsCourseId: 'pair-1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product is successfully paired.');
    const id = res.json().pairing.pairingId;
    expect(await pairingRow(id)).toMatchObject({
      productId: w.chem.id,
      institutionId: w.a.id,
      lmsCourseId: 'pair-1',
      censusDuration: 30,
      freeAccessDuration: 7,
    });
    const [a] = await audits('products.pairing.create', id);
    expect(a.after).toMatchObject({ lmsCourseId: 'pair-1', isbn: w.chem.isbn });
  });

  it('pairs by product id (name search) with a custom course id on canvas', async () => {
    const res = await pair(
      'support',
      body({ isbn: undefined, productId: w.physics.id, customCourseId: 'X'.repeat(73) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().pairing).toMatchObject({ productId: w.physics.id, customCourseId: 'X'.repeat(73) });
  });

  it('the same course again → 409 Course is already paired', async () => {
    await pair('super', body({ lmsCourseId: 'twice' }));
    const n = await pairingCount();
    const res = await pair('super', body({ lmsCourseId: 'twice', isbn: w.bio.isbn }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'error.courseAlreadyPaired',
      description: 'Course is already paired',
    });
    expect(await pairingCount()).toBe(n);
  });

  it('two simultaneous requests for one course: one pairs, the other is told it is already paired', async () => {
    const n = await pairingCount();
    const results = await Promise.all([
      pair('super', body({ lmsCourseId: 'race' })),
      // the same product as the other request: which one wins must not change what later tests see
      pair('support', body({ lmsCourseId: 'race' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().description).toBe(
      PRODUCT_MESSAGES.alreadyPaired,
    );
    expect(await pairingCount()).toBe(n + 1);
  });

  it.each([
    [
      'a wrong ISBN checksum',
      () => body({ isbn: `${w.chem.isbn.slice(0, 12)}${(Number(w.chem.isbn[12]) + 3) % 10}` }),
      422,
      'Not Valid Product ID',
    ],
    ['an unknown ISBN', () => body({ isbn: '0-306-40615-2' }), 404, 'No Product Found'],
    ['an unknown product id', () => body({ isbn: undefined, productId: 999999 }), 404, 'No Product Found'],
    [
      'another institution’s integration',
      () => body({ integrationId: w.canvasB.id }),
      422,
      PRODUCT_MESSAGES.pairingFailed,
    ],
    ['an unknown integration', () => body({ integrationId: 999999 }), 422, PRODUCT_MESSAGES.pairingFailed],
    ['another institution’s course', () => body({ sectionId: w.secB.id }), 404, 'Course not found.'],
    ['an unknown course', () => body({ sectionId: 999999 }), 404, 'Course not found.'],
    ['a custom course id of 74 characters', () => body({ customCourseId: 'X'.repeat(74) }), 422, undefined],
    [
      'a custom course id on moodle',
      () => body({ integrationId: w.moodle.id, customCourseId: 'ABC' }),
      422,
      undefined,
    ],
    ['census "1.5"', () => body({ censusDuration: '1.5' }), 422, undefined],
    ['free access above census', () => body({ censusDuration: 5, freeAccessDuration: 6 }), 422, undefined],
    ['both productId and isbn', () => body({ productId: w.bio.id }), 422, undefined],
  ])('refuses %s and writes nothing', async (_label, make, status, description) => {
    const n = await pairingCount();
    const res = await pair('super', make());
    expect(res.statusCode).toBe(status);
    if (description) expect(res.json().description).toBe(description);
    expect(await pairingCount()).toBe(n);
  });

  it('internal users and associate super admins may not pair (403, audited)', async () => {
    const n = await pairingCount();
    for (const who of ['internal', 'associate', 'registrar'] as const) {
      const res = await pair(who, body());
      expect(res.statusCode).toBe(403);
    }
    expect(await pairingCount()).toBe(n);
  });
});

describe('GET /api/export/organization/{id}', () => {
  const exportCsv = (
    who: keyof typeof USERS,
    id: number,
    query: RouteQuery<typeof productsApi.export> = {},
  ) => as(who).call(productsApi.export, { params: { id }, query });

  it('streams the organisation pairings as a CSV download, formula cells neutralised', async () => {
    const res = await exportCsv('super', w.a.organizationId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Courses_Prod_Alder_College_System_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Institution ID,Institution,Product ID,ISBN,Product,Channel Partner,Pairing ID,LMS,LMS Integration,LMS Course ID,LMS Course Name,Custom Course ID,Section ID,Course,Course Start,Course End,Census Duration,Free Access Duration,Census Date,Free Access End',
    );
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://evil"")"`))).toBe(true);
    expect(lines.some((l) => l.includes('Birch'))).toBe(false);
  });

  it('one product only; a product without pairings → 404 Courses Unavailable!', async () => {
    const res = await exportCsv('support', w.a.organizationId, { productId: w.bio.id });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Biology Essentials');
    const none = await exportCsv('support', w.b.organizationId, { productId: w.bio.id });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      message: 'error.coursesUnavailable',
      description: 'Courses Unavailable!',
    });
    const bare = await exportCsv('support', w.bare.organizationId);
    expect(bare.statusCode).toBe(404);
    expect(bare.json().description).toBe('Courses Unavailable!');
  });

  it('an organisation without products → 404 No Products found for this organization', async () => {
    const res = await exportCsv('super', w.empty.organizationId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'error.noProductsForOrganization',
      description: 'No Products found for this organization',
    });
  });

  it('streams every row of a large organisation once, in pairing order, across batches', async () => {
    const inst = await createInstitution(t.db, 'Prod Large College');
    const p = await createIsbnProduct(t.db, 'Large Export Book');
    const lms = await createIntegration(t.db, inst.id);
    // 10,001 rows: two full batches of 5,000 and one of 1; every tenth without a course start
    await t.database.sql.executeSql(
      `insert into lms_course_pairings (institution_id, product_id, integration_id, lms_course_id,
         census_duration, free_access_duration, course_start_date)
       select $1, $2, $3, 'BIG-' || g, g % 40 - 1, g % 14,
              case when g % 10 <> 0 then date '2026-01-15' + (g % 400 - 200) end
         from generate_series(1, 10001) g`,
      [inst.id, p.id, lms.id],
    );
    const res = await exportCsv('super', inst.organizationId);
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(10001);
    const cells = rows.map((r) => r.split(','));
    const ids = cells.map((c) => Number(c[6]));
    expect(new Set(ids).size).toBe(10001);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // census date and free-access end as the shared functions compute them (the database does the sums)
    for (const c of cells) {
      const [start, census, free] = [c[14], Number(c[16]), Number(c[17])];
      expect([c[18], c[19]]).toEqual(
        start ? [censusDate(start, census) ?? '', addDaysIso(start, free)] : ['', ''],
      );
    }
  });

  it('internal users may not export', async () => {
    expect((await exportCsv('internal', w.a.organizationId)).statusCode).toBe(403);
  });

  it('over the time limit → 504 with the spec text', async () => {
    const slow = await createTestApp({ env: { EXPORT_TIME_LIMIT_MS: '1' } });
    try {
      const inst = await createInstitution(slow.db, 'Slow College');
      const p = await createIsbnProduct(slow.db, 'Slow Book');
      await createOffer(slow.db, inst.id, p);
      await createPairing(slow.db, { institutionId: inst.id, productId: p.id, lmsCourseId: '1' });
      const boss = await createUser(slow.db, 'slowboss', { superAdmin: true });
      const res = await slow
        .as(boss.username)
        .call(productsApi.export, { params: { id: inst.organizationId } });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({
        message: 'error.exportTimeout',
        description: 'Export process exceeds 2 minutes time limit!',
      });
    } finally {
      await slow.close();
    }
  });
});
