import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelPartners,
  institutions,
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  offers,
  organizations,
  products,
  sections,
} from '../../db/schema';
import { resultRows } from '../../db/execute';

/** Stored offer statuses behind each display status of spec §4. */
const STATUS_SQL: Record<'active' | 'inactive' | 'expired' | 'pending', SQL> = {
  active: sql`upper(${offers.offerStatus}) in ('APPROVED', 'NEW')`,
  inactive: sql`upper(${offers.offerStatus}) = 'REJECTED'`,
  expired: sql`upper(${offers.offerStatus}) = 'EXPIRED'`,
  pending: sql`upper(${offers.offerStatus}) not in ('APPROVED', 'NEW', 'REJECTED', 'EXPIRED')`,
};
export type StatusFilter = keyof typeof STATUS_SQL;

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
 * whose course starts in the range.
 */
function holdings(f: ListFilters) {
  const ids = idList(f.institutionIds);
  const offerRows = sql`select ${offers.institutionId} as institution_id, ${offers.productId} as product_id from ${offers}
    where ${offers.institutionId} in (${ids})${f.offerStatus ? sql` and ${STATUS_SQL[f.offerStatus]}` : sql``}`;
  const pairingRows = sql`select ${lmsCoursePairings.institutionId}, ${lmsCoursePairings.productId} from ${lmsCoursePairings}
    where ${lmsCoursePairings.institutionId} in (${ids})`;
  return f.offerStatus ? offerRows : sql`${offerRows} union ${pairingRows}`;
}

const idList = (ids: number[]) =>
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
    f.offerStatus ? sql` and ${STATUS_SQL[f.offerStatus]}` : sql``
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
        status ? STATUS_SQL[status] : undefined,
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

/** Columns of a pairing row with what its readiness needs. */
const pairingColumns = {
  pairingId: lmsCoursePairings.id,
  institutionId: lmsCoursePairings.institutionId,
  institutionName: institutions.displayName,
  productId: lmsCoursePairings.productId,
  productName: products.productName,
  isbn: products.isbn,
  sectionId: lmsCoursePairings.sectionId,
  courseName: sections.courseName,
  integrationId: lmsCoursePairings.integrationId,
  integrationName: lmsIntegrations.name,
  integrationEnabled: lmsIntegrations.enabled,
  lmsKind: lmsIntegrations.lmsKind,
  pairingLmsKind: lmsCoursePairings.lmsKind,
  lmsCourseId: lmsCoursePairings.lmsCourseId,
  lmsCourseName: lmsCoursePairings.lmsCourseName,
  customCourseId: lmsCoursePairings.customCourseId,
  censusDuration: lmsCoursePairings.censusDuration,
  freeAccessDuration: lmsCoursePairings.freeAccessDuration,
  courseStartDate: lmsCoursePairings.courseStartDate,
  courseEndDate: lmsCoursePairings.courseEndDate,
  updatedAt: lmsCoursePairings.updatedAt,
};

/** The best offer of the pairing's product at its institution: an active one first, else the newest. */
function bestOffer(db: Db) {
  return db
    .select({
      status: offers.offerStatus,
      endsOn: sql<string | null>`${offers.endsOn}::text`.as('best_ends_on'),
    })
    .from(offers)
    .where(
      and(
        eq(offers.productId, lmsCoursePairings.productId),
        eq(offers.institutionId, lmsCoursePairings.institutionId),
      ),
    )
    .orderBy(sql`(upper(${offers.offerStatus}) in ('APPROVED', 'NEW')) desc`, desc(offers.id))
    .limit(1)
    .as('best_offer');
}

function pairingSelect(db: Db) {
  const best = bestOffer(db);
  return db
    .select({ ...pairingColumns, offerStatus: best.status, offerEndsOn: best.endsOn })
    .from(lmsCoursePairings)
    .innerJoin(institutions, eq(institutions.id, lmsCoursePairings.institutionId))
    .innerJoin(products, eq(products.id, lmsCoursePairings.productId))
    .leftJoin(sections, eq(sections.id, lmsCoursePairings.sectionId))
    .leftJoin(lmsIntegrations, eq(lmsIntegrations.id, lmsCoursePairings.integrationId))
    .leftJoinLateral(best, sql`true`);
}
export type PairingRow = Awaited<ReturnType<typeof findPairing>> & {};

export async function findPairing(db: Db, pairingId: number) {
  const [row] = await pairingSelect(db).where(eq(lmsCoursePairings.id, pairingId));
  return row;
}

/**
 * The first `perProduct` pairings of each product at the institutions (newest course first), in
 * the course-date range when given: one statement, a lateral top-N per product, answering one JSON
 * text (PGlite's wire parser costs a copy and a decode per field, so 23 fields × 250 rows were the
 * pairing view's largest cost). Same rows and fields as pairingSelect.
 */
export async function pairingsOf(
  db: Db,
  productIds: number[],
  institutionIds: number[],
  perProduct: number,
  range?: [string, string],
): Promise<NonNullable<PairingRow>[]> {
  if (!productIds.length || !institutionIds.length) return [];
  const inRange = range
    ? sql` and t.course_start_date >= ${range[0]} and t.course_start_date <= ${range[1]}`
    : sql``;
  const [row] = resultRows<{ rows: string | null }>(
    await db.execute(sql`select '[' || string_agg(json_build_object(
        'pairingId', p.id, 'institutionId', p.institution_id, 'institutionName', i.display_name,
        'productId', p.product_id, 'productName', pr.product_name, 'isbn', pr.isbn,
        'sectionId', p.section_id, 'courseName', s.course_name, 'integrationId', p.integration_id,
        'integrationName', li.name, 'integrationEnabled', li.enabled, 'lmsKind', li.lms_kind,
        'pairingLmsKind', p.lms_kind, 'lmsCourseId', p.lms_course_id, 'lmsCourseName', p.lms_course_name,
        'customCourseId', p.custom_course_id, 'censusDuration', p.census_duration,
        'freeAccessDuration', p.free_access_duration, 'courseStartDate', p.course_start_date::text,
        'courseEndDate', p.course_end_date::text,
        'updatedAt', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'offerStatus', bo.offer_status, 'offerEndsOn', bo.ends_on::text)::text, ','
        order by p.course_start_date desc nulls last, p.id desc) || ']' as rows
      from unnest(array[${idList(productIds)}]::int[]) as want(product_id)
      cross join lateral (select t.id from ${lmsCoursePairings} t
        where t.product_id = want.product_id and t.institution_id in (${idList(institutionIds)})${inRange}
        order by t.course_start_date desc nulls last, t.id desc limit ${perProduct}) top
      join ${lmsCoursePairings} p on p.id = top.id
      join ${institutions} i on i.id = p.institution_id
      join ${products} pr on pr.id = p.product_id
      left join ${sections} s on s.id = p.section_id
      left join ${lmsIntegrations} li on li.id = p.integration_id
      left join lateral (select o.offer_status, o.ends_on from ${offers} o
        where o.product_id = p.product_id and o.institution_id = p.institution_id
        order by (upper(o.offer_status) in ('APPROVED', 'NEW')) desc, o.id desc limit 1) bo on true`),
  );
  return row?.rows ? JSON.parse(row.rows) : [];
}

export async function pairingsAtInstitution(db: Db, productId: number, institutionId: number, limit: number) {
  return pairingSelect(db)
    .where(
      and(eq(lmsCoursePairings.productId, productId), eq(lmsCoursePairings.institutionId, institutionId)),
    )
    .orderBy(desc(lmsCoursePairings.courseStartDate), desc(lmsCoursePairings.id))
    .limit(limit);
}

export async function integrationsOf(db: Db, institutionId: number) {
  return db
    .select({
      integrationId: lmsIntegrations.id,
      name: lmsIntegrations.name,
      lmsKind: lmsIntegrations.lmsKind,
      enabled: lmsIntegrations.enabled,
    })
    .from(lmsIntegrations)
    .where(servesInstitution(institutionId))
    .orderBy(asc(lmsIntegrations.name), asc(lmsIntegrations.id));
}

/**
 * An integration serves an institution when the institution owns it or one of its LTI deployments is
 * mapped to the institution (one registration may serve several institutions).
 */
function servesInstitution(institutionId: number) {
  return or(
    eq(lmsIntegrations.institutionId, institutionId),
    sql`exists (select 1 from ${lmsDeployments} where ${lmsDeployments.integrationId} = ${lmsIntegrations.id} and ${lmsDeployments.institutionId} = ${institutionId})`,
  );
}

/** The integration, when it serves the institution. */
export async function integrationServing(db: Db, id: number, institutionId: number) {
  const [row] = await db
    .select()
    .from(lmsIntegrations)
    .where(and(eq(lmsIntegrations.id, id), servesInstitution(institutionId)));
  return row;
}

/** Live current and future sections of an institution, optionally matching a text. */
export async function lmsCourses(
  db: Db,
  institutionId: number,
  today: string,
  q: string | undefined,
  limit: number,
) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      sectionId: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      startDate: sections.startDate,
      endDate: sections.endDate,
      customCourseId: sections.customCourseId,
    })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        isNull(sections.deletedAt),
        gte(sections.endDate, today),
        like
          ? sql`(${sections.courseName} ilike ${like} or ${sections.sectionCode} ilike ${like})`
          : undefined,
      ),
    )
    .orderBy(asc(sections.courseName), asc(sections.id))
    .limit(limit);
}

export async function findSection(db: Db, id: number) {
  const [row] = await db
    .select({
      id: sections.id,
      institutionId: sections.institutionId,
      courseName: sections.courseName,
      startDate: sections.startDate,
      endDate: sections.endDate,
    })
    .from(sections)
    .where(and(eq(sections.id, id), isNull(sections.deletedAt)));
  return row;
}

export async function listChannelPartners(db: Db) {
  return db.select().from(channelPartners).orderBy(asc(channelPartners.name), asc(channelPartners.id));
}

export async function insertPairing(db: Db, values: typeof lmsCoursePairings.$inferInsert) {
  const [row] = await db.insert(lmsCoursePairings).values(values).returning({ id: lmsCoursePairings.id });
  return row.id;
}

export async function existingPairing(
  db: Db,
  institutionId: number,
  integrationId: number,
  lmsCourseId: string,
) {
  const [row] = await db
    .select({ id: lmsCoursePairings.id })
    .from(lmsCoursePairings)
    .where(
      and(
        eq(lmsCoursePairings.institutionId, institutionId),
        eq(lmsCoursePairings.integrationId, integrationId),
        eq(lmsCoursePairings.lmsCourseId, lmsCourseId),
      ),
    );
  return row;
}

export async function updatePairingDurations(
  db: Db,
  id: number,
  censusDuration: number,
  freeAccessDuration: number,
) {
  await db
    .update(lmsCoursePairings)
    .set({ censusDuration, freeAccessDuration, updatedAt: new Date() })
    .where(eq(lmsCoursePairings.id, id));
}

export async function deletePairing(db: Db, id: number) {
  await db.delete(lmsCoursePairings).where(eq(lmsCoursePairings.id, id));
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
