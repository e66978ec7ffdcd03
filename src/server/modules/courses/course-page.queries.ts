import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, products, sectionDateCounts, sections } from '../../db/schema';
import {
  accessTypeOf,
  type CourseListParams,
  enrollmentCount,
  instructorNames,
  live,
  periodCondition,
  type SortField,
} from './course-list.queries';
import type { RawRow } from './course-rows';

/**
 * The course list (institutionData, courseSearch) in one prepared statement per shape of filters:
 * whether the institution exists, the courses per period with every other filter applied, the
 * products its live courses use, and one page of rows.
 *
 * - The page walks sections_inst_use_name_live_idx (institution, use type, lower(name), id) in the
 *   list's order and stops after the page: no sort of the institution's sections. Its ids are found
 *   first (sort key only); the per-row subqueries (instructors, enrollments, access type) then run
 *   for the page alone, not for every row an OFFSET skips.
 * - The period counts, without a product, offer type or text filter, sum the counts the triggers keep
 *   per (institution, use type, dates) in section_date_counts; with one, they are one count over the
 *   same index (it carries the dates): an index-only scan, apart from the page.
 * - A text search finds the matching ids once (trigram indexes, see textMatch) for both.
 * - The statement is built by Drizzle once per shape (sort, order, period and which filters are
 *   set) and prepared (on PostgreSQL a named statement, parsed once per connection; a search's
 *   unnamed, see statementOf), the values passed as placeholders.
 */

/** The placeholders of the statement (their values: `valuesOf`). */
const P = {
  inst: sql.placeholder('inst'),
  today: sql.placeholder('today'),
  useType: sql.placeholder('useType'),
  productId: sql.placeholder('productId'),
  offerType: sql.placeholder('offerType'),
  pattern: sql.placeholder('pattern'),
  qid: sql.placeholder('qid'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A section id as written (no leading zero), within the integer range of the column; else null. */
function idOf(q: string): number | null {
  return /^[1-9]\d{0,9}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
}

/** What decides the statement's text: the same shape, the same prepared statement. */
interface Shape {
  sort: SortField;
  order: 'asc' | 'desc';
  period: CourseListParams['period'];
  anyUseType: boolean;
  anyProduct: boolean;
  offerType: 'ALL' | 'NONE' | 'one';
  search: 'none' | 'text' | 'textOrId';
}

function shapeOf(p: CourseListParams): Shape {
  return {
    sort: p.sort,
    order: p.order,
    period: p.period,
    anyUseType: p.useType === 'all',
    anyProduct: p.productId === 'all_products',
    offerType: p.offerType === 'ALL' || p.offerType === 'NONE' ? p.offerType : 'one',
    search: !p.q ? 'none' : idOf(p.q) === null ? 'text' : 'textOrId',
  };
}

function valuesOf(p: CourseListParams) {
  return {
    inst: p.institutionId,
    today: p.today,
    useType: p.useType,
    productId: p.productId === 'all_products' ? 0 : p.productId,
    offerType: p.offerType,
    pattern: `%${escapeLike(p.q)}%`,
    qid: idOf(p.q) ?? 0,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  };
}

/**
 * The institution's live sections (rows of `columns`, with every filter of `base`) whose name, section
 * code, id or an instructor's name matches: name and code from the (institution, trigram) GIN indexes
 * of live sections in one bitmap (their OR), instructors from the users' name index, so only matching
 * rows are read, not all of the institution's sections (nor every institution's matches).
 */
function textMatch(s: Shape, columns: SQL, base: SQL | undefined): SQL {
  const byId = s.search === 'textOrId' ? sql` or ${sections.id} = ${P.qid}` : sql``;
  return sql`select ${columns} from ${sections} where ${base}
      and (${sections.courseName} ilike ${P.pattern} or ${sections.sectionCode} ilike ${P.pattern}${byId})
    union select ${columns} from ${sections} where ${base} and ${sections.id} in (
      select si.section_id from section_instructors si join users u on u.id = si.user_id
       where (u.first_name || ' ' || u.last_name) ilike ${P.pattern})`;
}

/** Every filter except the period (and the text match: see countsAndPage). */
function baseConditions(s: Shape): SQL | undefined {
  const where: SQL[] = [sql`${sections.institutionId} = ${P.inst}`, live];
  if (!s.anyUseType) where.push(sql`${sections.useType} = ${P.useType}`);
  if (!s.anyProduct) where.push(sql`${sections.productId} = ${P.productId}`);
  if (s.offerType === 'NONE') where.push(sql`${accessTypeOf} is null`);
  else if (s.offerType === 'one') where.push(sql`${accessTypeOf} = ${P.offerType}`);
  return and(...where);
}

const SORTS: Record<SortField, SQL> = {
  courseName: sql`lower(${sections.courseName})`,
  sectionCode: sql`lower(coalesce(${sections.sectionCode}, ''))`,
  instructor: sql`lower(coalesce(${instructorNames}, ''))`,
  startDate: sql`${sections.startDate}`,
  endDate: sql`${sections.endDate}`,
  enrollmentCount: sql`${enrollmentCount}`,
};

/** A course row as JSON, keys as in `courseRowColumns` (dates as YYYY-MM-DD). */
const courseRowJson = sql`json_build_object(
  'sectionId', ${sections.id}, 'institutionId', ${sections.institutionId},
  'courseName', ${sections.courseName}, 'sectionCode', ${sections.sectionCode},
  'instructor', ${instructorNames}, 'startDate', ${sections.startDate}, 'endDate', ${sections.endDate},
  'courseType', ${sections.courseType}, 'useType', ${sections.useType},
  'parentSectionId', ${sections.parentSectionId}, 'productId', ${sections.productId},
  'productName', ${products.productName}, 'enrollmentCount', ${enrollmentCount},
  'accessType', ${accessTypeOf}, 'censusDuration', ${sections.censusDuration}, 'version', ${sections.version})`;

/** The page's rows as JSON, in order, from `page` (id, k): the per-row columns for the page alone. */
function pageJson(s: Shape, page: SQL): SQL {
  const dir = s.order === 'desc' ? sql`desc` : sql`asc`;
  return sql`(select coalesce(json_agg(${courseRowJson} order by page.k ${dir}, page.id), '[]'::json)
         from (${page} order by 2 ${dir}, 1 limit ${P.limit} offset ${P.offset}) page
         join ${sections} on ${sections.id} = page.id
         left join ${products} on ${products.id} = ${sections.productId})`;
}

/** The period counts: rows counted, or (`kept`) the `n` of section_date_counts summed. */
const counts = (dates?: { start: SQL; end: SQL }, kept = false) => {
  const n = kept ? sql`sum(dc.n)` : sql`count(*)`;
  return sql`
      coalesce(${n} filter (where ${periodCondition('past', P.today, dates)}), 0)::int as past,
      coalesce(${n} filter (where ${periodCondition('future', P.today, dates)}), 0)::int as future,
      coalesce(${n} filter (where ${periodCondition('current', P.today, dates)}), 0)::int as current,
      coalesce(${n}, 0)::int as everything`;
};

/**
 * The period counts of an institution's live sections (of one use type, or all), from the counts
 * the triggers keep per date pair: only without a product, offer type or text filter.
 */
function keptCounts(s: Shape): SQL {
  const useType = s.anyUseType ? sql`` : sql` and dc.use_type = ${P.useType}`;
  const dates = { start: sql`dc.start_date`, end: sql`dc.end_date` };
  return sql`(select ${counts(dates, true)} from ${sectionDateCounts} dc
    where dc.institution_id = ${P.inst}${useType}) kept`;
}

/**
 * The counts and the page of one shape: the FROM of the statement, one row. Without a text search
 * the counts read the index and the page walks it; with one, the matching sections that pass the
 * other filters are found once (`matched`, with their sort key and dates), and the counts and the
 * page come from those rows alone.
 */
function countsAndPage(s: Shape): SQL {
  const base = baseConditions(s);
  if (s.search === 'none') {
    const page = sql`select ${sections.id} as id, ${SORTS[s.sort]} as k from ${sections}
                where ${and(base, periodCondition(s.period, P.today))}`;
    if (s.anyProduct && s.offerType === 'ALL')
      return sql`(select kept.*, ${pageJson(s, page)} as rows from ${keptCounts(s)}) c`;
    return sql`(select ${counts()}, ${pageJson(s, page)} as rows from ${sections} where ${base}) c`;
  }
  const dates = { start: sql`m.start_date`, end: sql`m.end_date` };
  const period = periodCondition(s.period, P.today, dates);
  const page = sql`select m.id, m.k from matched m${period ? sql` where ${period}` : sql``}`;
  const columns = sql`${sections.id} as id, ${SORTS[s.sort]} as k, ${sections.startDate} as start_date,
             ${sections.endDate} as end_date`;
  return sql`(with matched as materialized (${textMatch(s, columns, base)})
    select ${counts(dates)}, ${pageJson(s, page)} as rows from matched m) c`;
}

function prepare(db: Db, s: Shape, name: string) {
  return db
    .select({
      found: sql<boolean>`exists (select 1 from ${institutions} where ${institutions.id} = ${P.inst})`,
      past: sql<number>`c.past`,
      future: sql<number>`c.future`,
      current: sql<number>`c.current`,
      everything: sql<number>`c.everything`,
      products: sql<{ productId: number; productName: string }[]>`(
        select coalesce(json_agg(json_build_object('productId', pr.id, 'productName', pr.product_name)
                                 order by pr.product_name, pr.id), '[]'::json)
          from ${products} pr
         where exists (select 1 from ${sections} s where s.institution_id = ${P.inst}
                         and s.product_id = pr.id and s.deleted_at is null))`,
      rows: sql<RawRow[]>`c.rows`,
    })
    .from(countsAndPage(s))
    .prepare(name);
}

type Prepared = ReturnType<typeof prepare>;
/** Statement names by shape, the same in every database of the process. */
const names = new Map<string, string>();
const prepared = new WeakMap<Db, Map<string, Prepared>>();

function statementOf(db: Db, s: Shape): Prepared {
  const key = JSON.stringify(s);
  let mine = prepared.get(db);
  if (!mine) {
    mine = new Map();
    prepared.set(db, mine);
  }
  let statement = mine.get(key);
  if (!statement) {
    let name = names.get(key);
    if (!name) {
      // A text search's best plan depends on how many sections match: a named statement turns to a
      // generic plan after five runs (PostgreSQL's plan cache), which for a search reads far more
      // than a plan made for its pattern; so a search runs unnamed (planned with its values each
      // time, the SQL still built once).
      name = s.search === 'none' ? `course_page_${names.size + 1}` : '';
      names.set(key, name);
    }
    statement = prepare(db, s, name);
    mine.set(key, statement);
  }
  return statement;
}

/** The course list: whether the institution exists, one page, the period counts and the products. */
export async function coursePage(db: Db, p: CourseListParams) {
  const [row] = await statementOf(db, shapeOf(p)).execute(valuesOf(p));
  const periodCounts = { past: row.past, future: row.future, current: row.current };
  return {
    found: row.found,
    rows: row.rows,
    total: p.period === 'all' ? row.everything : periodCounts[p.period],
    periodCounts,
    products: row.products,
  };
}
