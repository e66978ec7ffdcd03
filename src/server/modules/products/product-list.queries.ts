import { and, asc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { OfferStatusDisplay } from '../../../shared/status';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/execute';
import { offerStatusIs } from '../../db/offer-status';
import {
  channelPartners,
  institutions,
  lmsCoursePairings,
  offers,
  organizations,
  products,
} from '../../db/schema';

/** The products list (organization and institution views) and the product lookups. */

/** A display status of spec §4 the list filters on (offerStatusIs says which stored ones). */
export type StatusFilter = OfferStatusDisplay;

export const productColumns = {
  productId: products.id,
  productName: products.productName,
  isbn: products.isbn,
  urn: products.urn,
  platform: products.platform,
  productType: products.productType,
  status: products.status,
  cpId: channelPartners.id,
  cpCode: channelPartners.code,
  cpName: channelPartners.name,
};
export type ProductRow = {
  productId: number;
  productName: string;
  isbn: string;
  urn: string;
  platform: string;
  productType: string;
  status: string;
  cpId: number | null;
  cpCode: string | null;
  cpName: string | null;
};

export async function listOrganizations(db: Db) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      institutions: sql<number>`count(${institutions.id})::int`,
      institutionIds: sql<
        number[]
      >`coalesce(array_agg(${institutions.id} order by ${institutions.id}) filter (where ${institutions.id} is not null), '{}')`,
    })
    .from(organizations)
    .leftJoin(institutions, eq(institutions.organizationId, organizations.id))
    .groupBy(organizations.id)
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function findOrganization(db: Db, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function institutionsOfOrganization(db: Db, organizationId: number) {
  return db
    .select({ id: institutions.id, displayName: institutions.displayName })
    .from(institutions)
    .where(eq(institutions.organizationId, organizationId))
    .orderBy(asc(institutions.displayName), asc(institutions.id));
}

export async function findInstitution(db: Db, id: number) {
  const [row] = await db
    .select({ id: institutions.id, displayName: institutions.displayName })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row;
}

export interface ListFilters {
  institutionIds: number[];
  channelPartner?: number;
  productId?: number;
  offerStatus?: StatusFilter;
  /** Digits searched in the ISBN. */
  isbnDigits?: string;
  courseDateFrom?: string;
  courseDateTo?: string;
}

/**
 * The (institution, product) rows an organisation holds: an offer there (of the status asked), or,
 * without a status filter, a pairing there. With the course-date flag, only products with a pairing
 * whose course starts in the range. The pairings' pairs are read from pairings_inst_product_idx
 * alone (an index-only scan: a loose index scan, one descent per distinct pair, read more pages).
 */
function holdings(f: ListFilters) {
  const ids = idList(f.institutionIds);
  const offerRows = sql`select ${offers.institutionId} as institution_id, ${offers.productId} as product_id from ${offers}
    where ${offers.institutionId} in (${ids})${f.offerStatus ? sql` and ${offerStatusIs(f.offerStatus)}` : sql``}`;
  const pairingRows = sql`select ${lmsCoursePairings.institutionId}, ${lmsCoursePairings.productId} from ${lmsCoursePairings}
    where ${lmsCoursePairings.institutionId} in (${ids})`;
  return f.offerStatus ? offerRows : sql`${offerRows} union ${pairingRows}`;
}

export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Conditions on the product `p`; `pairingAt` says which institutions a pairing must be at. */
function productConditions(f: ListFilters, pairingAt: SQL) {
  const conds: SQL[] = [];
  if (f.channelPartner) conds.push(sql`p.channel_partner_id = ${f.channelPartner}`);
  if (f.productId) conds.push(sql`p.id = ${f.productId}`);
  if (f.isbnDigits) conds.push(sql`p.isbn like ${`%${f.isbnDigits}%`}`);
  if (f.courseDateFrom && f.courseDateTo)
    conds.push(sql`exists (select 1 from ${lmsCoursePairings} cp where cp.product_id = p.id
      and ${pairingAt}
      and cp.course_start_date between ${f.courseDateFrom} and ${f.courseDateTo})`);
  return conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``;
}

/**
 * Organization view: one page of product ids (by name) and the number of matching products. A
 * product belongs to the organisation by an offer at one of its institutions (of the status asked)
 * or, without a status filter, a pairing there; both found through the product-id indexes.
 */
export async function pageProducts(db: Db, f: ListFilters, limit: number, offset: number) {
  if (!f.institutionIds.length) return { ids: [] as number[], total: 0 };
  const ids = idList(f.institutionIds);
  const byOffer = sql`exists (select 1 from ${offers} where ${offers.productId} = p.id and ${offers.institutionId} in (${ids})${
    f.offerStatus ? sql` and ${offerStatusIs(f.offerStatus)}` : sql``
  })`;
  const held = f.offerStatus
    ? byOffer
    : sql`(${byOffer} or exists (select 1 from ${lmsCoursePairings} cq where cq.product_id = p.id and cq.institution_id in (${ids})))`;
  const where = sql`${held}${productConditions(f, sql`cp.institution_id in (${ids})`)}`;
  const rows = resultRows<{ id: number; total: number }>(
    await db.execute(sql`select p.id, count(*) over ()::int as total from ${products} p where ${where}
      order by p.product_name, p.id limit ${limit} offset ${offset}`),
  );
  if (!rows.length && offset > 0) {
    const c = resultRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${products} p where ${where}`),
    );
    return { ids: [], total: c[0]?.n ?? 0 };
  }
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

/** Institution view: one page of (institution, product) rows, by institution then product name. */
export async function pageInstitutionProducts(db: Db, f: ListFilters, limit: number, offset: number) {
  if (!f.institutionIds.length)
    return { rows: [] as { institutionId: number; productId: number }[], total: 0 };
  const query = (paged: boolean) => sql`with h as (${holdings(f)})
    select h.institution_id as "institutionId", h.product_id as "productId", count(*) over ()::int as total
    from h join ${products} p on p.id = h.product_id join ${institutions} i on i.id = h.institution_id
    where true${productConditions(f, sql`cp.institution_id = h.institution_id`)}
    order by i.display_name, i.id, p.product_name, p.id${paged ? sql` limit ${limit} offset ${offset}` : sql``}`;
  const rows = resultRows<{ institutionId: number; productId: number; total: number }>(
    await db.execute(query(true)),
  );
  if (!rows.length && offset > 0)
    return { rows: [], total: resultRows(await db.execute(query(false))).length };
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function productsByIds(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(channelPartners, eq(channelPartners.id, products.channelPartnerId))
    .where(inArray(products.id, ids));
}

export async function findProduct(db: Db, where: SQL): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .leftJoin(channelPartners, eq(channelPartners.id, products.channelPartnerId))
    .where(where)
    .limit(1);
  return row;
}

export const byId = (id: number) => eq(products.id, id);
export const byIsbn = (isbn: string) => eq(products.isbn, isbn);
export const byUrn = (urn: string) => eq(products.urn, urn);

export async function searchProductsByName(db: Db, text: string, limit: number): Promise<ProductRow[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(channelPartners, eq(channelPartners.id, products.channelPartnerId))
    .where(ilike(products.productName, `%${escaped}%`))
    .orderBy(asc(products.productName), asc(products.id))
    .limit(limit);
}

/** Offers of products at institutions, optionally of one display status. */
export async function offersOf(
  db: Db,
  productIds: number[],
  institutionIds: number[],
  status?: StatusFilter,
) {
  if (!productIds.length || !institutionIds.length) return [];
  return db
    .select({
      offerId: offers.id,
      productId: offers.productId,
      institutionId: offers.institutionId,
      institutionName: institutions.displayName,
      isbn: offers.isbn,
      offerType: offers.offerType,
      title: offers.title,
      offerStatus: offers.offerStatus,
      startsOn: offers.startsOn,
      endsOn: offers.endsOn,
    })
    .from(offers)
    .innerJoin(institutions, eq(institutions.id, offers.institutionId))
    .where(
      and(
        inArray(offers.productId, productIds),
        inArray(offers.institutionId, institutionIds),
        status ? offerStatusIs(status) : undefined,
      ),
    )
    .orderBy(asc(institutions.displayName), asc(offers.id));
}

/** Number of pairings per product at the institutions (in the course-date range when given). */
export async function pairingCounts(
  db: Db,
  productIds: number[],
  institutionIds: number[],
  range?: [string, string],
) {
  if (!productIds.length || !institutionIds.length) return new Map<string, number>();
  const rows = await db
    .select({
      productId: lmsCoursePairings.productId,
      institutionId: lmsCoursePairings.institutionId,
      n: sql<number>`count(*)::int`,
    })
    .from(lmsCoursePairings)
    .where(
      and(
        inArray(lmsCoursePairings.productId, productIds),
        inArray(lmsCoursePairings.institutionId, institutionIds),
        range ? gte(lmsCoursePairings.courseStartDate, range[0]) : undefined,
        range ? lte(lmsCoursePairings.courseStartDate, range[1]) : undefined,
      ),
    )
    .groupBy(lmsCoursePairings.productId, lmsCoursePairings.institutionId);
  return new Map(rows.map((r) => [`${r.productId}:${r.institutionId}`, r.n]));
}

export async function listChannelPartners(db: Db) {
  return db.select().from(channelPartners).orderBy(asc(channelPartners.name), asc(channelPartners.id));
}

/** Whether any product is held at the institutions: an offer or a pairing there (two index probes). */
export async function organizationHasProducts(db: Db, institutionIds: number[]) {
  if (!institutionIds.length) return false;
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(inArray(offers.institutionId, institutionIds))
    .limit(1);
  if (offer) return true;
  const [pairing] = await db
    .select({ id: lmsCoursePairings.id })
    .from(lmsCoursePairings)
    .where(inArray(lmsCoursePairings.institutionId, institutionIds))
    .limit(1);
  return !!pairing;
}
