import ISBN from 'isbn3';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_OFFERS_PER_PAGE } from '../../../shared/constants';
import { OFFER_EXPIRING_DAYS, type OfferListFiltersT } from '../../../shared/contract/offers';
import type { Db } from '../../db/client';
import { offerStatusIs, offerStatusRank } from '../../db/offer-status';
import { type Todays, todaySql } from '../../lib/today-rule';
import { institutions, lmsCoursePairings, offers, products, sections } from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search: a whole ISBN-10 or ISBN-13 (any hyphenation or spacing) finds that ISBN; other
 * digits (3 or more) match part of the ISBN; anything else matches part of the title.
 */
export function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const parsed = ISBN.parse(q);
  if (parsed?.isValid && parsed.isbn13) {
    const ids = [parsed.isbn13, parsed.isbn10].filter((v): v is string => !!v);
    return inArray(offers.isbn, ids);
  }
  const digits = q.replace(/[\s-]/g, '');
  if (/^\d{3,13}[Xx]?$/.test(digits)) return sql`${offers.isbn} like ${`%${escapeLike(digits)}%`}`;
  return sql`${offers.title} ilike ${`%${escapeLike(q)}%`}`;
}

/** Active or Pending, ending between today and OFFER_EXPIRING_DAYS days from today, each in its institution's day. */
export function expiringCondition(todays: Todays): SQL {
  const from = todaySql(offers.institutionId, todays);
  const to = todaySql(offers.institutionId, todays, OFFER_EXPIRING_DAYS);
  return and(
    sql`${offers.endsOn} between ${from} and ${to}`,
    sql`not ${offerStatusIs('inactive')} and not ${offerStatusIs('expired')}`,
  ) as SQL;
}

type ListFilters = Pick<OfferListFiltersT, 'status' | 'offerType' | 'q' | 'expiring'>;

const scopeOf = (institutionIds: number[]) =>
  institutionIds.length === 1
    ? eq(offers.institutionId, institutionIds[0])
    : inArray(offers.institutionId, institutionIds);

/** The filters alone (no institution); undefined when there are none. */
function filterWhere(f: ListFilters, todays: Todays): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.status) where.push(offerStatusIs(f.status));
  if (f.offerType) where.push(eq(offers.offerType, f.offerType));
  where.push(searchCondition(f.q));
  if (f.expiring) where.push(expiringCondition(todays));
  const present = where.filter((w): w is SQL => !!w);
  return present.length ? (and(...present) as SQL) : undefined;
}

function listWhere(institutionIds: number[], f: ListFilters, todays: Todays): SQL {
  return and(scopeOf(institutionIds), filterWhere(f, todays)) as SQL;
}

/**
 * In one pass over the institutions' offers: how many match the filters, how many there are at
 * all, how many are about to expire, and their offer types (the offer type filter's choices).
 */
export async function offerSummary(db: Db, institutionIds: number[], f: ListFilters, todays: Todays) {
  const filters = filterWhere(f, todays);
  const [row] = await db
    .select({
      total: filters ? sql<number>`count(*) filter (where ${filters})::int` : sql<number>`count(*)::int`,
      all: sql<number>`count(*)::int`,
      expiring: sql<number>`count(*) filter (where ${expiringCondition(todays)})::int`,
      offerTypes: sql<string[] | null>`array_agg(distinct ${offers.offerType})`,
    })
    .from(offers)
    .where(scopeOf(institutionIds));
  return {
    total: Number(row?.total ?? 0),
    all: Number(row?.all ?? 0),
    expiring: Number(row?.expiring ?? 0),
    offerTypes: [...(row?.offerTypes ?? [])].sort(),
  };
}

function orderOf(sort: OfferListFiltersT['sort'], order: OfferListFiltersT['order']): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const tail = [asc(offers.title), asc(offers.id)];
  if (sort === 'status') return [dir(offerStatusRank()), ...tail];
  if (sort === 'endsOn')
    return [
      order === 'desc' ? sql`${offers.endsOn} desc nulls last` : sql`${offers.endsOn} asc nulls last`,
      ...tail,
    ];
  // title then id in the same direction: the (institution_id, title, id) index gives the page unsorted
  return [dir(offers.title), dir(offers.id)];
}

const rowColumns = {
  offerId: offers.id,
  organizationId: offers.institutionId,
  institutionName: institutions.displayName,
  productId: offers.productId,
  urn: products.urn,
  isbn: offers.isbn,
  title: offers.title,
  offerType: offers.offerType,
  offerStatus: offers.offerStatus,
  inclusive: offers.inclusive,
  startsOn: offers.startsOn,
  endsOn: offers.endsOn,
};

/** Live sections and LMS pairings of the offer's institution built on its product. */
const sectionCount = sql<number>`(select count(*)::int from ${sections} s
  where s.institution_id = ${offers.institutionId} and s.product_id = ${offers.productId} and s.deleted_at is null)`;
const pairingCount = sql<number>`(select count(*)::int from ${lmsCoursePairings} p
  where p.institution_id = ${offers.institutionId} and p.product_id = ${offers.productId})`;

/**
 * One page of offers (PRODUCT_OFFERS_PER_PAGE) of the institutions: the page's ids first, then the
 * rows with their counts, so the per-row subqueries run for ten rows only.
 */
export async function offerPage(
  db: Db,
  institutionIds: number[],
  f: ListFilters & Pick<OfferListFiltersT, 'sort' | 'order' | 'page'>,
  todays: Todays,
) {
  const where = listWhere(institutionIds, f, todays);
  const idRows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(where)
    .orderBy(...orderOf(f.sort, f.order))
    .limit(PRODUCT_OFFERS_PER_PAGE)
    .offset((f.page - 1) * PRODUCT_OFFERS_PER_PAGE);
  const ids = idRows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...rowColumns, sectionCount, pairingCount })
    .from(offers)
    .innerJoin(institutions, eq(institutions.id, offers.institutionId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(inArray(offers.id, ids));
  const byId = new Map(rows.map((r) => [r.offerId, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** Every offer matching the filters (the CSV export), sorted as the list, read in batches. */
export async function* offerRowsAll(
  db: Db,
  institutionIds: number[],
  f: ListFilters & Pick<OfferListFiltersT, 'sort' | 'order'>,
  todays: Todays,
) {
  const where = listWhere(institutionIds, f, todays);
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .select({ ...rowColumns, sectionCount, pairingCount })
      .from(offers)
      .innerJoin(institutions, eq(institutions.id, offers.institutionId))
      .innerJoin(products, eq(products.id, offers.productId))
      .where(where)
      .orderBy(...orderOf(f.sort, f.order))
      .limit(batch)
      .offset(offset);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** The ids among these that name an institution. */
export async function existingInstitutions(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(inArray(institutions.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function offerWithProduct(db: Db, offerId: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      sectionCount,
      pairingCount,
      productName: products.productName,
      platform: products.platform,
      productType: products.productType,
      productStatus: products.status,
    })
    .from(offers)
    .innerJoin(institutions, eq(institutions.id, offers.institutionId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  return row;
}

const DETAIL_LIMIT = 500;

export async function sectionsUsing(db: Db, institutionId: number, productId: number) {
  return db
    .select({
      sectionId: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      startDate: sections.startDate,
      endDate: sections.endDate,
      censusDuration: sections.censusDuration,
    })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        eq(sections.productId, productId),
        isNull(sections.deletedAt),
      ),
    )
    .orderBy(desc(sections.startDate), asc(sections.courseName), asc(sections.id))
    .limit(DETAIL_LIMIT);
}

export async function pairingsUsing(db: Db, institutionId: number, productId: number) {
  return db
    .select({
      pairingId: lmsCoursePairings.id,
      lmsCourseId: lmsCoursePairings.lmsCourseId,
      lmsCourseName: lmsCoursePairings.lmsCourseName,
      lmsKind: lmsCoursePairings.lmsKind,
      sectionId: lmsCoursePairings.sectionId,
    })
    .from(lmsCoursePairings)
    .where(
      and(eq(lmsCoursePairings.institutionId, institutionId), eq(lmsCoursePairings.productId, productId)),
    )
    .orderBy(asc(lmsCoursePairings.lmsCourseName), asc(lmsCoursePairings.id))
    .limit(DETAIL_LIMIT);
}

/** The institution's active (APPROVED or NEW) offer for a product, if any (course creation). */
export async function activeOfferForProduct(db: Db, institutionId: number, productId: number) {
  const [row] = await db
    .select({ id: offers.id, offerType: offers.offerType })
    .from(offers)
    .where(
      and(eq(offers.institutionId, institutionId), eq(offers.productId, productId), offerStatusIs('active')),
    )
    .limit(1);
  return row;
}

/** Products with an active offer to the institution, one line per product (create-course form). */
export async function offeredProducts(db: Db, institutionId: number) {
  return db
    .selectDistinctOn([products.id], {
      productId: products.id,
      productName: products.productName,
      isbn: products.isbn,
      offerType: offers.offerType,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.institutionId, institutionId), offerStatusIs('active')))
    .orderBy(asc(products.id), desc(offers.endsOn));
}
