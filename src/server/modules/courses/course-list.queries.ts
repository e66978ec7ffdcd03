import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offerStatusIs } from '../../db/offer-status';
import { products, sections } from '../../db/schema';

export type PeriodFilter = 'current' | 'future' | 'past' | 'all';
export type SortField =
  | 'courseName'
  | 'sectionCode'
  | 'instructor'
  | 'startDate'
  | 'endDate'
  | 'enrollmentCount';

export interface CourseListParams {
  institutionId: number;
  period: PeriodFilter;
  /** Lower-cased text searched in name, section code and instructor names. */
  q: string;
  useType: 'studentuse' | 'instructoruse' | 'all';
  /** ALL, NONE (no offer) or an offer type. */
  offerType: string;
  productId: number | 'all_products';
  page: number;
  pageSize: number;
  sort: SortField;
  order: 'asc' | 'desc';
  /** Today as YYYY-MM-DD (the server's local day). */
  today: string;
}

/** Instructor names of a section (role instructor), comma separated. */
export const instructorNames = sql<string | null>`(
  select string_agg(u.first_name || ' ' || u.last_name, ', ' order by u.last_name, u.first_name)
  from section_instructors si join users u on u.id = si.user_id
  where si.section_id = ${sections.id} and si.role = 'instructor')`;

export const enrollmentCount = sql<number>`(select count(*)::int from enrollments e where e.section_id = ${sections.id} and e.dropped_at is null)`;

/**
 * The course's access type: the offer type of the institution's offer for its product, preferring
 * an active offer (offerStatusIs), then the one that runs longest.
 */
export const accessTypeOf = sql<string | null>`(
  select o.offer_type from offers o
  where o.institution_id = ${sections.institutionId} and o.product_id = ${sections.productId}
  order by ${offerStatusIs('active', sql`o.offer_status`)} desc, o.ends_on desc nulls last, o.id desc
  limit 1)`;

/** Columns of a course row (see CourseRow in the contract); dates come back as YYYY-MM-DD. */
export const courseRowColumns = {
  sectionId: sections.id,
  institutionId: sections.institutionId,
  courseName: sections.courseName,
  sectionCode: sections.sectionCode,
  instructor: instructorNames,
  startDate: sections.startDate,
  endDate: sections.endDate,
  courseType: sections.courseType,
  useType: sections.useType,
  parentSectionId: sections.parentSectionId,
  productId: sections.productId,
  productName: products.productName,
  enrollmentCount,
  accessType: accessTypeOf,
  censusDuration: sections.censusDuration,
  version: sections.version,
};

export const live = isNull(sections.deletedAt);

/**
 * The period's condition on the section dates; `today` a YYYY-MM-DD value or a placeholder of one,
 * `dates` the columns (a CTE's own, say) when not the sections table's.
 */
export function periodCondition(
  period: PeriodFilter,
  today: string | Placeholder,
  dates: { start: SQL | typeof sections.startDate; end: SQL | typeof sections.endDate } = {
    start: sections.startDate,
    end: sections.endDate,
  },
): SQL | undefined {
  if (period === 'past') return sql`${dates.end} < ${today}`;
  if (period === 'future') return sql`${dates.start} > ${today}`;
  if (period === 'current') return sql`${dates.start} <= ${today} and ${dates.end} >= ${today}`;
  return undefined;
}

/** Course rows by id (live only), in no particular order. */
export async function courseRowsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(courseRowColumns)
    .from(sections)
    .leftJoin(products, eq(products.id, sections.productId))
    .where(and(inArray(sections.id, ids), live));
}

/** Live children of a master, by start date then name. */
export async function childRows(db: Db, parentIds: number[]) {
  if (parentIds.length === 0) return [];
  return db
    .select(courseRowColumns)
    .from(sections)
    .leftJoin(products, eq(products.id, sections.productId))
    .where(and(inArray(sections.parentSectionId, parentIds), live))
    .orderBy(asc(sections.startDate), asc(sections.courseName), asc(sections.id));
}

/**
 * One page of an institution's live masters (parents), optionally of one period, by name, and how
 * many there are: ids and count come from sections_inst_masters_idx (the institution's masters
 * only, not all of its sections); the row columns then run for the page alone.
 */
export async function masterPage(
  db: Db,
  institutionId: number,
  period: PeriodFilter,
  today: string,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(sections.institutionId, institutionId),
    eq(sections.courseType, 'parent'),
    live,
    periodCondition(period, today),
  );
  const [pageIds, [{ total }]] = await Promise.all([
    db
      .select({ id: sections.id })
      .from(sections)
      .where(where)
      .orderBy(asc(sections.courseName), asc(sections.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(sections).where(where),
  ]);
  const byId = new Map(
    (
      await courseRowsByIds(
        db,
        pageIds.map((r) => r.id),
      )
    ).map((r) => [r.sectionId, r]),
  );
  return { rows: pageIds.flatMap((r) => byId.get(r.id) ?? []), total };
}
