import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, products, sections } from '../../db/schema';
import type { RawRow } from './course-rows';
import { resultRows } from '../../db/execute';

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

const enrollmentCount = sql<number>`(select count(*)::int from enrollments e where e.section_id = ${sections.id} and e.dropped_at is null)`;

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

interface CoursePageRow {
  found: boolean;
  past: number;
  future: number;
  current: number;
  everything: number;
  products: { productId: number; productName: string }[];
  rows: RawRow[];
}

/** A course row as JSON, keys as in `courseRowColumns` (dates as YYYY-MM-DD). */
const courseRowJson = sql`json_build_object(
  'sectionId', ${sections.id}, 'institutionId', ${sections.institutionId},
  'courseName', ${sections.courseName}, 'sectionCode', ${sections.sectionCode},
  'instructor', ${instructorNames}, 'startDate', ${sections.startDate}, 'endDate', ${sections.endDate},
  'courseType', ${sections.courseType}, 'useType', ${sections.useType},
  'parentSectionId', ${sections.parentSectionId}, 'productId', ${sections.productId},
  'productName', ${products.productName}, 'enrollmentCount', ${enrollmentCount},
  'accessType', ${accessTypeOf}, 'censusDuration', ${sections.censusDuration}, 'version', ${sections.version})`;

/**
 * The course list in one statement (one round trip instead of five): whether the
 * institution exists, the courses per period with every other filter applied (and in all periods,
 * the total of ALL), the products its live courses use, and one page of rows. The page's ids are
 * found first (sort key only); the per-row subqueries (instructors, enrollments, access type) then
 * run for that page alone, not for every row an OFFSET skips.
 */
export async function coursePage(db: Db, p: CourseListParams) {
  const base = and(...baseConditions(p));
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  const result = await db.execute(sql`
    select
      exists (select 1 from ${institutions} where ${institutions.id} = ${p.institutionId}) as "found",
      c.past, c.future, c.current, c.everything,
      (select coalesce(json_agg(json_build_object('productId', pr.id, 'productName', pr.product_name)
                                order by pr.product_name, pr.id), '[]'::json)
         from ${products} pr
        where exists (select 1 from ${sections} s where s.institution_id = ${p.institutionId}
                        and s.product_id = pr.id and s.deleted_at is null)) as "products",
      (select coalesce(json_agg(${courseRowJson} order by page.k ${dir}, page.id), '[]'::json)
         from (select ${sections.id} as id, ${SORTS[p.sort]} as k from ${sections}
                where ${and(base, periodCondition(p.period, p.today))}
                order by 2 ${dir}, 1 limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}) page
         join ${sections} on ${sections.id} = page.id
         left join ${products} on ${products.id} = ${sections.productId}) as "rows"
    from (select count(*) filter (where ${sections.endDate} < ${p.today})::int as past,
                 count(*) filter (where ${sections.startDate} > ${p.today})::int as future,
                 count(*) filter (where ${sections.startDate} <= ${p.today}
                                    and ${sections.endDate} >= ${p.today})::int as current,
                 count(*)::int as everything
            from ${sections} where ${base}) c`);
  const [row] = resultRows<CoursePageRow>(result);
  const periodCounts = { past: row.past, future: row.future, current: row.current };
  return {
    found: row.found,
    rows: row.rows,
    total: p.period === 'all' ? row.everything : periodCounts[p.period],
    periodCounts,
    products: row.products,
  };
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
