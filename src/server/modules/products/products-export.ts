/**
 * GET /api/export/organization/{id}: an organisation's course pairings as CSV, streamed. On
 * PostgreSQL the rows come from a server-side cursor (DECLARE … CURSOR in a read-only
 * repeatable-read transaction, FETCH in batches as the client reads); on PGlite, whose single
 * connection a long transaction would hold for everyone, from a keyset-paged loop (id > last).
 * Either way at most two batches are in memory; the CSV module neutralises formula cells.
 */
import { type SQL, sql } from 'drizzle-orm';
import { EXPORT_COLUMNS, exportFileName, PRODUCT_MESSAGES } from '../../../shared/contract/products';
import type { Database, Db } from '../../db/client';
import { providerToday } from '../../lib/today-rule';
import { AppError, notFound } from '../../lib/app-error';
import * as q from './products.queries';
import { resultRows } from '../../db/execute';

/** Rows per PGlite page, fetched as one text: per-field parsing was most of the export's cost (docs/decisions/0006). */
const PAGE_ROWS = 5000;
/** The first page is small, so the first bytes leave before a whole page is built. */
const FIRST_PAGE_ROWS = 500;
/** Rows per FETCH from the PostgreSQL cursor: small answers keep the export's memory low (docs/decisions/0006). */
const FETCH_ROWS = 100;

/** One export row: the CSV cells in EXPORT_COLUMNS order, as JSON values (text, number or null). */
type Cells = (string | number | null)[];

/**
 * The export rows in pairing-id order, each as `id` and `cells` (a JSON array text of the CSV
 * cells, census date and free-access end computed by the database the way censusDate and
 * addDaysIso do: start + days, no census date when the duration is negative). With `page`, only
 * the next `page.size` pairings after `page.after`, chosen first by id (the primary-key index),
 * then joined: each page costs its own rows.
 */
function exportQuery(
  institutionIds: number[],
  f: { channelPartner?: number; productId?: number },
  page?: { after: number; size: number },
) {
  const ids = sql.join(
    institutionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const conds: SQL[] = [sql`p.institution_id in (${ids})`];
  if (f.channelPartner) conds.push(sql`pr.channel_partner_id = ${f.channelPartner}`);
  if (f.productId) conds.push(sql`p.product_id = ${f.productId}`);
  let source = sql`lms_course_pairings p`;
  if (page) {
    // The page as a derived table: a nested `p.id in (…)` let the planner hash it against a
    // sequential scan of every pairing, once per page (EXPLAIN ANALYZE).
    const inner: SQL[] = [sql`q.institution_id in (${ids})`, sql`q.id > ${page.after}`];
    if (f.productId) inner.push(sql`q.product_id = ${f.productId}`);
    if (f.channelPartner)
      inner.push(
        sql`exists (select 1 from products qp where qp.id = q.product_id and qp.channel_partner_id = ${f.channelPartner})`,
      );
    source = sql`(select q.* from lms_course_pairings q where ${sql.join(inner, sql` and `)}
      order by q.id limit ${page.size}) p`;
  }
  return sql`select p.id, json_build_array(p.institution_id, i.display_name, p.product_id, pr.isbn,
      pr.product_name, cp.name, p.id, coalesce(li.lms_kind, p.lms_kind), li.name, p.lms_course_id,
      p.lms_course_name, p.custom_course_id, p.section_id, s.course_name, p.course_start_date::text,
      p.course_end_date::text, p.census_duration, p.free_access_duration,
      case when p.census_duration >= 0 then (p.course_start_date + p.census_duration)::text end,
      (p.course_start_date + p.free_access_duration)::text)::text as cells
    from ${source}
    join institutions i on i.id = p.institution_id
    join products pr on pr.id = p.product_id
    left join channel_partners cp on cp.id = pr.channel_partner_id
    left join lms_integrations li on li.id = p.integration_id
    left join sections s on s.id = p.section_id
    where ${sql.join(conds, sql` and `)}
    order by p.id`;
}

/**
 * Batches by keyset paging: each its own short statement, answering one row with the page's row
 * texts (JSON never holds a raw newline, so a newline separates them) and the last pairing id.
 */
async function* keysetBatches(
  db: Db,
  institutionIds: number[],
  f: { channelPartner?: number; productId?: number },
): AsyncGenerator<string[]> {
  let after = 0;
  for (let size = FIRST_PAGE_ROWS; ; size = PAGE_ROWS) {
    const page = exportQuery(institutionIds, f, { after, size });
    const [batch] = resultRows<{ cells: string | null; last: number | null }>(
      await db.execute(
        sql`select string_agg(e.cells, E'\n' order by e.id) as cells, max(e.id) as last from (${page}) e`,
      ),
    );
    const rows: string[] = batch?.cells ? batch.cells.split('\n') : [];
    if (rows.length) yield rows;
    if (rows.length < size || batch.last === null) return;
    after = Number(batch.last);
  }
}

/**
 * Batches from a server-side cursor held in one read-only transaction. The next FETCH runs while
 * the client takes the previous batch; stopping early (client gone, time limit) ends the transaction.
 */
async function* cursorBatches(db: Db, query: SQL): AsyncGenerator<string[]> {
  type Item = { rows: string[] } | { done: true } | { error: unknown };
  const queue: Item[] = [];
  let arrived: (() => void) | null = null;
  let wantMore: (() => void) | null = null;
  let stop = false;
  const push = (item: Item) => {
    queue.push(item);
    arrived?.();
    arrived = null;
  };
  const finished = db
    .transaction(
      async (tx) => {
        await tx.execute(sql`declare products_export no scroll cursor for ${query}`);
        while (!stop) {
          const rows = resultRows<{ cells: string }>(
            await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from products_export`)),
          ).map((r) => r.cells);
          push({ rows });
          if (rows.length < FETCH_ROWS) break;
          await new Promise<void>((resolve) => {
            wantMore = resolve;
          });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => push({ done: true }),
      (error: unknown) => push({ error }),
    );
  try {
    for (;;) {
      if (!queue.length)
        await new Promise<void>((resolve) => {
          arrived = resolve;
        });
      const item = queue.shift()!;
      if ('error' in item) throw item.error;
      if ('done' in item) return;
      const next = wantMore as (() => void) | null;
      wantMore = null;
      next?.();
      if (item.rows.length) yield item.rows;
    }
  } finally {
    stop = true;
    (wantMore as (() => void) | null)?.();
    await finished;
  }
}

class ExportTimeout extends Error {}
const timeout = () => new AppError('error.exportTimeout', PRODUCT_MESSAGES.exportTimeout);

/** Resolves `p`, or rejects with ExportTimeout once `deadline` (epoch ms) has passed. */
async function before<T>(p: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExportTimeout()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the organisation and the first batch before anything is sent, so the spec's answers
 * (404 texts, 504) can still be given; then the file name and the rows to stream.
 */
export async function prepareExport(
  database: Pick<Database, 'kind' | 'db'>,
  organizationId: number,
  f: { channelPartner?: number; productId?: number },
  limitMs: number,
) {
  const started = Date.now();
  const deadline = started + limitMs;
  const { db } = database;
  const org = await q.findOrganization(db, organizationId);
  if (!org) throw notFound('Organization');
  const institutionIds = (await q.institutionsOfOrganization(db, organizationId)).map((i) => i.id);
  if (!(await q.organizationHasProducts(db, institutionIds)))
    throw new AppError('error.noProductsForOrganization', PRODUCT_MESSAGES.noProducts);
  if (!institutionIds.length)
    throw new AppError('error.coursesUnavailable', PRODUCT_MESSAGES.coursesUnavailable);

  const batches =
    database.kind === 'postgres'
      ? cursorBatches(db, exportQuery(institutionIds, f))
      : keysetBatches(db, institutionIds, f);
  let first: IteratorResult<string[]>;
  try {
    first = await before(batches.next(), deadline);
    if (Date.now() >= deadline) throw new ExportTimeout();
  } catch (err) {
    await batches.return(undefined).catch(() => {});
    if (err instanceof ExportTimeout) throw timeout();
    throw err;
  }
  if (first.done) throw new AppError('error.coursesUnavailable', PRODUCT_MESSAGES.coursesUnavailable);

  async function* rows() {
    try {
      for (const text of first.value as string[]) yield JSON.parse(text) as Cells;
      for (;;) {
        const next = await before(batches.next(), deadline);
        if (next.done) return;
        for (const text of next.value) yield JSON.parse(text) as Cells;
      }
    } finally {
      await batches.return(undefined).catch(() => {});
    }
  }
  return { fileName: exportFileName(org.name, providerToday()), columns: EXPORT_COLUMNS, rows: rows() };
}
