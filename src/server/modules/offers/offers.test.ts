import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersApi } from '../../../shared/contract/offers';
import { pathOf, type RouteQuery } from '../../../shared/contract/route';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { lmsCoursePairings, offers } from '../../db/schema';
import { createCourseWorld, createProduct, createSection, day } from '../../test/course-fixtures';
import { createInstitution, createRole } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let empty: { id: number };
const ids: Record<string, number> = {};
let bioIsbn = '';

type ListQuery = Omit<RouteQuery<typeof offersApi.list>, 'organizationId'>;
const list = (who: string, org: number, query: ListQuery = {}) =>
  t.as(who).call(offersApi.list, { query: { organizationId: org, ...query } });
type Row = { title: string; statusDisplay: string; expiresSoon: boolean; institutionName: string };
const titles = (res: { json(): { offers: Row[] } }) => res.json().offers.map((o) => o.title);

async function offer(
  institutionId: number,
  title: string,
  offerStatus: string,
  opts: { offerType?: string; endsOn?: string | null; product?: { id: number; isbn: string } } = {},
) {
  const product = opts.product ?? (await createProduct(t.db, title));
  const offerType = opts.offerType ?? 'INCLUSIVE_ACCESS';
  const [row] = await t.db
    .insert(offers)
    .values({
      productId: product.id,
      institutionId,
      isbn: product.isbn,
      offerType,
      title,
      offerStatus,
      inclusive: offerType === 'INCLUSIVE_ACCESS',
      startsOn: day(-100),
      endsOn: opts.endsOn === undefined ? day(200) : opts.endsOn,
    })
    .returning();
  ids[title] = row.id;
  return { row, product };
}
const offerCount = async () => Number((await t.db.select({ n: count() }).from(offers))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'of');
  empty = await createInstitution(t.db, 'of Cedar Empty College');
  await createRole(t.db, empty.id, 'Administrator', ADMIN_PERMISSIONS, [w.reg.id]);
  // Twelve offers in A: every status the mapping knows, two odd ones, one expiring soon.
  const bio = await offer(w.a.id, 'Biology Essentials', 'APPROVED', { endsOn: day(10) });
  bioIsbn = bio.product.isbn;
  await offer(w.a.id, 'Chemistry Now', 'NEW', { offerType: 'DIRECT_TO_STUDENT', endsOn: day(40) });
  await offer(w.a.id, 'Drama Today', 'REJECTED', { endsOn: null });
  await offer(w.a.id, 'Economics Basics', 'EXPIRED', { endsOn: day(5) });
  await offer(w.a.id, 'French One', 'PENDING', { endsOn: day(30) });
  await offer(w.a.id, 'Geology Field', 'SUBMITTED', { offerType: 'OPT_IN' });
  await offer(w.a.id, 'History of Art', 'approved', { endsOn: day(300) });
  await offer(w.a.id, 'Italian Two', 'ON_HOLD');
  await offer(w.a.id, 'Japanese Start', 'APPROVED', { endsOn: day(-1) });
  await offer(w.a.id, 'Kinesiology', 'APPROVED', { endsOn: day(31) });
  await offer(w.a.id, 'Latin Roots', 'NEW');
  await offer(w.a.id, '=HYPERLINK("http://x")', 'APPROVED');
  await offer(w.b.id, 'Birch Biology', 'APPROVED', { product: bio.product });
  // Two live sections (one inclusive census after the offer's end) and a removed one, one pairing.
  await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Biology 101',
    productId: bio.product.id,
    startDate: day(-5),
    endDate: day(90),
    censusDuration: 30,
  });
  await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Biology 102',
    productId: bio.product.id,
    startDate: day(-30),
    endDate: day(60),
    censusDuration: 7,
  });
  const gone = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Biology Removed',
    productId: bio.product.id,
  });
  await t.db.execute(`update sections set deleted_at = now() where id = ${gone.id}` as never);
  await t.db.insert(lmsCoursePairings).values({
    institutionId: w.a.id,
    productId: bio.product.id,
    lmsCourseId: 'CANVAS-1',
    lmsCourseName: 'Biology in Canvas',
    lmsKind: 'canvas',
  });
  for (const u of ['ofreg', 'ofviewer', 'ofother', 'ofboss', 'ofsupport', 'ofinsider']) await t.as(u).token();
});
afterAll(() => t.close());

describe('GET /api/institution/offers', () => {
  it("pages the registrar's offers 10 at a time, by title", async () => {
    const first = await list('ofreg', w.a.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(titles(first)).toEqual([
      '=HYPERLINK("http://x")',
      'Biology Essentials',
      'Chemistry Now',
      'Drama Today',
      'Economics Basics',
      'French One',
      'Geology Field',
      'History of Art',
      'Italian Two',
      'Japanese Start',
    ]);
    expect(titles(await list('ofreg', w.a.id, { page: 2 }))).toEqual(['Kinesiology', 'Latin Roots']);
    expect((await list('ofreg', w.a.id, { page: 3 })).json().offers).toEqual([]);
    expect(first.json().offerTypes).toEqual(['DIRECT_TO_STUDENT', 'INCLUSIVE_ACCESS', 'OPT_IN']);
  });

  it('shows each status through the one mapping and filters by it', async () => {
    const all = [
      ...(await list('ofreg', w.a.id)).json().offers,
      ...(await list('ofreg', w.a.id, { page: 2 })).json().offers,
    ] as (Row & { offerStatus: string })[];
    const shown = Object.fromEntries(all.map((o) => [o.offerStatus, o.statusDisplay]));
    expect(shown).toEqual({
      APPROVED: 'active',
      approved: 'active',
      NEW: 'active',
      REJECTED: 'inactive',
      EXPIRED: 'expired',
      PENDING: 'pending',
      SUBMITTED: 'pending',
      ON_HOLD: 'pending',
    });
    expect(titles(await list('ofreg', w.a.id, { status: 'pending' }))).toEqual([
      'French One',
      'Geology Field',
      'Italian Two',
    ]);
    expect(titles(await list('ofreg', w.a.id, { status: 'inactive' }))).toEqual(['Drama Today']);
    expect(titles(await list('ofreg', w.a.id, { status: 'expired' }))).toEqual(['Economics Basics']);
    expect((await list('ofreg', w.a.id, { status: 'active' })).json().total).toBe(7);
  });

  it('filters by offer type and searches ISBN in any hyphenation, ISBN-10, digits or title', async () => {
    expect(titles(await list('ofreg', w.a.id, { offerType: 'direct_to_student' }))).toEqual([
      'Chemistry Now',
    ]);
    const h13 = `${bioIsbn.slice(0, 3)}-${bioIsbn.slice(3, 4)}-${bioIsbn.slice(4, 9)}-${bioIsbn.slice(9, 12)}-${bioIsbn.slice(12)}`;
    expect(titles(await list('ofreg', w.a.id, { q: h13 }))).toEqual(['Biology Essentials']);
    expect(titles(await list('ofreg', w.a.id, { q: ` ${bioIsbn} ` }))).toEqual(['Biology Essentials']);
    expect(titles(await list('ofreg', w.a.id, { q: 'geolog' }))).toEqual(['Geology Field']);
    expect((await list('ofreg', w.a.id, { q: '%' })).json().total).toBe(0);
    const first = (await list('ofreg', w.a.id)).json().offers[1];
    expect(first.isbnFormatted.replace(/-/g, '')).toBe(bioIsbn);
  });

  it('finds an ISBN-10 as its ISBN-13', async () => {
    const [{ row }] = [await offer(w.a.id, 'Zoology Ten', 'APPROVED')];
    await t.db.execute(`update offers set isbn = '9780306406157' where id = ${row.id}` as never);
    expect(titles(await list('ofreg', w.a.id, { q: '0-306-40615-2' }))).toEqual(['Zoology Ten']);
    expect(titles(await list('ofreg', w.a.id, { q: '306-4061' }))).toEqual(['Zoology Ten']); // part of an ISBN
    expect((await list('ofreg', w.a.id, { q: '0-306-40615-2' })).json().offers[0].isbnFormatted).toBe(
      '978-0-306-40615-7',
    );
    await t.db.execute(`delete from offers where id = ${row.id}` as never);
  });

  it('marks Active or Pending offers ending within 30 days and filters them', async () => {
    const res = await list('ofreg', w.a.id, { expiring: 'true' });
    expect(titles(res)).toEqual(['Biology Essentials', 'French One']);
    expect(res.json().offers.every((o: Row) => o.expiresSoon)).toBe(true);
    expect(res.json().expiringCount).toBe(2);
    const all = (await list('ofreg', w.a.id)).json().offers as Row[];
    expect(all.find((o) => o.title === 'Economics Basics')?.expiresSoon).toBe(false);
    expect(all.find((o) => o.title === 'Japanese Start')?.expiresSoon).toBe(false);
  });

  it('sorts by end date and by status', async () => {
    expect(
      titles(await list('ofreg', w.a.id, { sort: 'endsOn', expiring: 'false', status: 'active' })).slice(
        0,
        3,
      ),
    ).toEqual(['Japanese Start', 'Biology Essentials', 'Kinesiology']);
    const byStatus = (await list('ofreg', w.a.id, { sort: 'status', order: 'desc' })).json().offers as Row[];
    expect(byStatus.slice(0, 1).map((o) => o.statusDisplay)).toEqual(['inactive']);
    expect(byStatus[1].statusDisplay).toBe('expired');
  });

  it('counts live sections and LMS pairings built on the product', async () => {
    const bio = (await list('ofreg', w.a.id, { q: 'Biology' })).json().offers[0];
    expect(bio).toMatchObject({
      title: 'Biology Essentials',
      sectionCount: 2,
      pairingCount: 1,
      inclusive: true,
    });
  });

  it('answers 404 "No offers available for this Organization" for an institution without offers', async () => {
    const res = await list('ofreg', empty.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'error.noOffers',
      description: 'No offers available for this Organization',
    });
    // a filter that matches nothing is an empty page, not "no offers"
    const none = await list('ofreg', w.a.id, { q: 'nothing-like-this' });
    expect(none.statusCode).toBe(200);
    expect(none.json().total).toBe(0);
    // the Products page's reading of the same list: an empty page
    const product = await t
      .as('ofreg')
      .call(offersApi.productOffers, { query: { organizationId: empty.id } });
    expect(product.statusCode).toBe(200);
    expect(product.json()).toMatchObject({ offers: [], total: 0 });
  });

  it('answers each persona as the Offers rule says, at home and elsewhere', async () => {
    expect((await list('ofreg', w.a.id)).statusCode).toBe(200);
    expect((await list('ofreg', w.b.id)).json()).toMatchObject({
      status: 403,
      message: 'error.accessDenied',
    });
    expect((await list('ofviewer', w.a.id)).statusCode).toBe(403); // dashboard only, no Offers right
    expect((await list('ofother', w.a.id)).statusCode).toBe(403);
    expect(titles(await list('ofother', w.b.id))).toEqual(['Birch Biology']);
    expect((await list('ofboss', w.a.id)).statusCode).toBe(200);
    expect((await list('ofinsider', w.a.id)).statusCode).toBe(200);
    expect((await list('ofsupport', w.a.id)).statusCode).toBe(403); // flag without the Offers right
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: offersApi.list.path,
          query: { organizationId: String(w.a.id) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await list('ofboss', 987654)).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await offerCount();
    for (const qs of [
      'status=bogus',
      'page=0',
      'page=abc',
      'sort=isbn',
      'order=up',
      'expiring=yes',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await t.as('ofreg').get(`${offersApi.list.path}?organizationId=${w.a.id}&${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().message, qs).toBe('error.validation');
    }
    expect((await list('ofreg', w.a.id, { q: '\u0000' })).json()).toMatchObject({
      status: 422,
      message: 'error.nulCharacter',
    });
    for (const org of ['0', 'abc', '-1', '99999999999']) {
      const res = await t.as('ofreg').get(`${offersApi.list.path}?organizationId=${org}`);
      expect(res.statusCode, org).toBe(422);
    }
    expect(await offerCount()).toBe(before);
  });
});

describe('POST /api/product/getProductOffers (several institutions)', () => {
  it("lists the chosen institutions' offers in one table for staff", async () => {
    const res = await t.as('ofboss').call(offersApi.compare, {
      body: { organizationIds: [w.a.id, w.b.id], q: 'biology' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().offers.map((o: Row) => `${o.title} @ ${o.institutionName}`)).toEqual([
      'Biology Essentials @ of Alder College',
      'Birch Biology @ of Birch University',
    ]);
    const paged = await t.as('ofinsider').call(offersApi.compare, {
      body: { organizationIds: [w.a.id, w.b.id, empty.id], page: 2 },
    });
    expect(paged.json()).toMatchObject({ total: 13, page: 2, pageSize: 10 });
    expect(paged.json().offers).toHaveLength(3);
    const filtered = await t.as('ofboss').call(offersApi.compare, {
      body: { organizationIds: [w.a.id, w.b.id], status: 'expired' },
    });
    expect(titles(filtered)).toEqual(['Economics Basics']);
  });

  it('refuses registrars (even for their own institution), unknown ids and bad bodies', async () => {
    expect(
      (await t.as('ofreg').call(offersApi.compare, { body: { organizationIds: [w.a.id] } })).statusCode,
    ).toBe(403);
    const unknown = await t.as('ofboss').call(offersApi.compare, {
      body: { organizationIds: [w.a.id, 987654] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('error.institutionNotFound');
    for (const payload of [
      {},
      { organizationIds: [] },
      { organizationIds: ['1'] },
      { organizationIds: [0] },
      { organizationIds: Array.from({ length: 21 }, (_, i) => i + 1) },
      { organizationIds: [w.a.id], status: 'open' },
      { organizationIds: [w.a.id], page: 0 },
    ]) {
      // malformed on purpose: sent raw to the route's path
      const res = await t.as('ofboss').post(offersApi.compare.path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('GET /api/institution/offers/:offerId', () => {
  const detail = (who: string, offerId: number) => t.as(who).call(offersApi.detail, { params: { offerId } });

  it('shows the offer, its product, the sections and pairings using it', async () => {
    const res = await detail('ofreg', ids['Biology Essentials']);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offer).toMatchObject({
      title: 'Biology Essentials',
      statusDisplay: 'active',
      expiresSoon: true,
    });
    expect(body.product.urn).toBe(`urn:product:${bioIsbn}`);
    expect(body.sections.map((s: { courseName: string }) => s.courseName)).toEqual([
      'Biology 101',
      'Biology 102',
    ]);
    // census day(25) falls after the offer's end day(10); day(-23) before it
    expect(body.sections.map((s: { offerEndsBeforeCensus: boolean }) => s.offerEndsBeforeCensus)).toEqual([
      true,
      false,
    ]);
    expect(body.pairings).toEqual([
      expect.objectContaining({ lmsCourseId: 'CANVAS-1', lmsCourseName: 'Biology in Canvas' }),
    ]);
  });

  it("answers 404 for an unknown offer, 403 for another institution's, 422 for a malformed id", async () => {
    const unknown = await detail('ofreg', 987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('error.offerNotFound');
    expect((await detail('ofreg', ids['Birch Biology'])).statusCode).toBe(403);
    expect((await detail('ofboss', ids['Birch Biology'])).statusCode).toBe(200);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999'])
      expect((await t.as('ofreg').get(pathOf(offersApi.detail, { offerId: bad }))).statusCode, bad).toBe(422);
  });
});

describe('CSV export', () => {
  it('exports the filtered list through the one CSV writer', async () => {
    const res = await t
      .as('ofreg')
      .call(offersApi.export, { query: { organizationId: w.a.id, status: 'active' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Offers.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Institution,ISBN,Title,Offer Type,Status,Start Date,End Date,Inclusive,Expires Within 30 Days,Sections,Paired LMS Courses',
    );
    expect(lines).toHaveLength(8); // header + 7 active offers
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`); // formula neutralised
    expect(lines.find((l) => l.includes('Biology Essentials'))).toMatch(
      /Inclusive Access,Active,.*,Yes,Yes,2,1$/,
    );
  });

  it('exports a comparison for staff only', async () => {
    const compared = (who: string, query: RouteQuery<typeof offersApi.compareExport>) =>
      t.as(who).call(offersApi.compareExport, { query });
    const res = await compared('ofboss', { organizationIds: `${w.a.id},${w.b.id}`, q: 'biology' });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\r\n')).toHaveLength(3);
    expect((await compared('ofreg', { organizationIds: String(w.a.id) })).statusCode).toBe(403);
    expect((await compared('ofboss', { organizationIds: '1,x' })).statusCode).toBe(422);
  });
});
