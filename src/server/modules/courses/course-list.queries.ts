import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

const enrollmentCount = sql<number>`(select count(*)::int from enrollments e where e.section_id = ${sections.id})`;

/**
 * The course's access type: the offer type of the institution's offer for its product, preferring
 * an active offer (APPROVED or NEW), then the one that runs longest.
 */
export const accessTypeOf = sql<string | null>`(
  select o.offer_type from offers o
  where o.institution_id = ${sections.institutionId} and o.product_id = ${sections.productId}
  order by (o.offer_status in ('APPROVED', 'NEW')) desc, o.ends_on desc nulls last, o.id desc
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

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function periodCondition(period: PeriodFilter, today: string): SQL | undefined {
  if (period === 'past') return sql`${sections.endDate} < ${today}`;
  if (period === 'future') return sql`${sections.startDate} > ${today}`;
  if (period === 'current') return sql`${sections.startDate} <= ${today} and ${sections.endDate} >= ${today}`;
  return undefined;
}

/** Every filter except the period. */
function baseConditions(p: CourseListParams): SQL[] {
  const where: SQL[] = [eq(sections.institutionId, p.institutionId), live];
  if (p.useType !== 'all') where.push(eq(sections.useType, p.useType));
  if (p.productId !== 'all_products') where.push(eq(sections.productId, p.productId));
  if (p.offerType === 'NONE') where.push(sql`${accessTypeOf} is null`);
  else if (p.offerType !== 'ALL') where.push(sql`${accessTypeOf} = ${p.offerType}`);
  if (p.q) where.push(textMatch(p.institutionId, p.q));
  return where;
}

/**
 * Sections of the institution whose name, section code, id or an instructor's name matches: the
 * ids come from the (institution, trigram) GIN indexes of live sections, so only the institution's
 * matching rows are read, not all of its sections (nor every institution's matches).
 */
function textMatch(institutionId: number, q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const own = sql`s.institution_id = ${institutionId} and s.deleted_at is null`;
  // a section id as written (no leading zero), within the integer range of the column
  const byId =
    /^[1-9]\d{0,9}$/.test(q) && Number(q) <= 2_147_483_647
      ? sql` union select s.id from ${sections} s where ${own} and s.id = ${Number(q)}`
      : sql``;
  return sql`${sections.id} in (
    select s.id from ${sections} s where ${own} and s.course_name ilike ${pattern}
    union select s.id from ${sections} s where ${own} and s.section_code ilike ${pattern}${byId}
    union select si.section_id from ${sections} s join section_instructors si on si.section_id = s.id
      join users u on u.id = si.user_id
      where ${own} and (u.first_name || ' ' || u.last_name) ilike ${pattern})`;
}

const SORTS: Record<SortField, SQL | typeof sections.courseName> = {
  courseName: sql`lower(${sections.courseName})`,
  sectionCode: sql`lower(coalesce(${sections.sectionCode}, ''))`,
  instructor: sql`lower(coalesce(${instructorNames}, ''))`,
  startDate: sql`${sections.startDate}`,
  endDate: sql`${sections.endDate}`,
  enrollmentCount,
};

/**
 * One page of an institution's courses and the number of rows matching (null unless `withTotal`:
 * for one period the caller has it from countByPeriod, which saves a pass over the institution's
 * sections). The page's ids are found first (sort key only); the per-row subqueries (instructors,
 * enrollments, access type) then run for that page alone, not for every row an OFFSET skips.
 */
export async function listCourseRows(db: Db, p: CourseListParams, withTotal = true) {
  const where = and(...baseConditions(p), periodCondition(p.period, p.today));
  const direction = p.order === 'desc' ? desc : asc;
  const [pageIds, counted] = await Promise.all([
    db
      .select({ id: sections.id })
      .from(sections)
      .where(where)
      .orderBy(direction(SORTS[p.sort]), asc(sections.id))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
    withTotal
      ? db.select({ total: sql<number>`count(*)::int` }).from(sections).where(where)
      : Promise.resolve(null),
  ]);
  const total = counted ? counted[0].total : null;
  const byId = new Map(
    (
      await courseRowsByIds(
        db,
        pageIds.map((r) => r.id),
      )
    ).map((r) => [r.sectionId, r]),
  );
  const rows = pageIds.flatMap((r) => byId.get(r.id) ?? []);
  return { rows, total };
}

/** Courses per period with every other filter applied. */
export async function countByPeriod(db: Db, p: CourseListParams) {
  const [row] = await db
    .select({
      past: sql<number>`count(*) filter (where ${sections.endDate} < ${p.today})::int`,
      future: sql<number>`count(*) filter (where ${sections.startDate} > ${p.today})::int`,
      current: sql<number>`count(*) filter (where ${sections.startDate} <= ${p.today} and ${sections.endDate} >= ${p.today})::int`,
    })
    .from(sections)
    .where(and(...baseConditions(p)));
  return row;
}

/**
 * Products used by an institution's live courses: per product one probe of
 * sections_inst_product_live_idx, so the cost follows the catalogue, not the institution's sections.
 */
export async function productsOfInstitution(db: Db, institutionId: number) {
  return db
    .select({ productId: products.id, productName: products.productName })
    .from(products)
    .where(
      sql`exists (select 1 from ${sections} s where s.institution_id = ${institutionId}
        and s.product_id = ${products.id} and s.deleted_at is null)`,
    )
    .orderBy(asc(products.productName), asc(products.id));
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
