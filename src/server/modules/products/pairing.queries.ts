import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/execute';
import { offerStatusIs } from '../../db/offer-status';
import {
  institutions,
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  offers,
  products,
  sections,
} from '../../db/schema';
import { idList } from './product-list.queries';

/** Pairings of LMS courses with products, and what the pairing form looks up (integrations, courses). */

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
    .orderBy(desc(offerStatusIs('active')), desc(offers.id))
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
 * pairing view's largest cost). The best offer (as bestOffer) is chosen once per (product,
 * institution), not once per pairing row. Same rows and fields as pairingSelect.
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
      left join (select distinct on (o.product_id, o.institution_id) o.product_id, o.institution_id,
          o.offer_status, o.ends_on from ${offers} o
        where o.product_id in (${idList(productIds)}) and o.institution_id in (${idList(institutionIds)})
        order by o.product_id, o.institution_id, ${offerStatusIs('active', sql`o.offer_status`)} desc, o.id desc
      ) bo on bo.product_id = p.product_id and bo.institution_id = p.institution_id`),
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
