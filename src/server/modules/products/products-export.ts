/**
 * GET /api/export/organization/{id}: an organisation's course pairings as CSV, streamed. On
 * PostgreSQL the rows come from a server-side cursor (DECLARE … CURSOR in a read-only
 * repeatable-read transaction, FETCH in batches as the client reads); on PGlite, whose single
 * connection a long transaction would hold for everyone, from a keyset-paged loop (id > last).
 * Either way at most two batches are in memory; the CSV module neutralises formula cells.
 */
import { type SQL, sql } from 'drizzle-orm';
import { EXPORT_COLUMNS, exportFileName, PRODUCT_MESSAGES } from '../../../shared/contract/products';
import { addDaysIso, censusDate, localIsoDate } from '../../../shared/validation';
import type { Database, Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import * as q from './products.queries';

const BATCH = 2000;

interface ExportRow {
  id: number;
  institution_id: number;
  institution: string;
  product_id: number;
  isbn: string;
  product: string;
  partner: string | null;
  lms: string | null;
  integration: string | null;
  lms_course_id: string;
  lms_course_name: string | null;
  custom_course_id: string | null;
  section_id: number | null;
  course: string | null;
  start: string | null;
  end: string | null;
  census: number;
  free: number;
}

/**
 * The export rows in pairing-id order. With `page`, only the next `page.size` pairings after
 * `page.after`, chosen first by id (the primary-key index), then joined: each page costs its own rows.
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
  if (page) {
    const inner: SQL[] = [sql`q.institution_id in (${ids})`, sql`q.id > ${page.after}`];
    if (f.productId) inner.push(sql`q.product_id = ${f.productId}`);
    if (f.channelPartner)
      inner.push(
        sql`exists (select 1 from products qp where qp.id = q.product_id and qp.channel_partner_id = ${f.channelPartner})`,
      );
    conds.push(sql`p.id in (select q.id from lms_course_pairings q where ${sql.join(inner, sql` and `)}
      order by q.id limit ${page.size})`);
  }
  return sql`select p.id, p.institution_id, i.display_name as institution, p.product_id, pr.isbn,
      pr.product_name as product, cp.name as partner, coalesce(li.lms_kind, p.lms_kind) as lms,
      li.name as integration, p.lms_course_id, p.lms_course_name, p.custom_course_id, p.section_id,
      s.course_name as course, p.course_start_date::text as start, p.course_end_date::text as "end",
      p.census_duration as census, p.free_access_duration as free
    from lms_course_pairings p
    join institutions i on i.id = p.institution_id
    join products pr on pr.id = p.product_id
    left join channel_partners cp on cp.id = pr.channel_partner_id
    left join lms_integrations li on li.id = p.integration_id
    left join sections s on s.id = p.section_id
    where ${sql.join(conds, sql` and `)}
    order by p.id`;
}

function toCells(r: ExportRow): unknown[] {
  const census = r.start ? censusDate(r.start, r.census) : null;
  const freeEnd = r.start ? addDaysIso(r.start, r.free) : null;
  return [
    r.institution_id,
    r.institution,
    r.product_id,
    r.isbn,
    r.product,
    r.partner,
    r.id,
    r.lms,
    r.integration,
    r.lms_course_id,
    r.lms_course_name,
    r.custom_course_id,
    r.section_id,
    r.course,
    r.start,
    r.end,
    r.census,
    r.free,
    census,
    freeEnd,
  ];
}

/** Batches by keyset paging: each its own short query. */
async function* keysetBatches(
  db: Db,
  institutionIds: number[],
  f: { channelPartner?: number; productId?: number },
) {
  let after = 0;
  for (;;) {
    const rows = q.rowsOf<ExportRow>(
      await db.execute(exportQuery(institutionIds, f, { after, size: BATCH })),
    );
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Batches from a server-side cursor held in one read-only transaction. The next FETCH runs while
 * the client takes the previous batch; stopping early (client gone, time limit) ends the transaction.
 */
async function* cursorBatches(db: Db, query: SQL): AsyncGenerator<ExportRow[]> {
  type Item = { rows: ExportRow[] } | { done: true } | { error: unknown };
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
          const rows = q.rowsOf<ExportRow>(await tx.execute(sql.raw(`fetch ${BATCH} from products_export`)));
          push({ rows });
          if (rows.length < BATCH) break;
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
  let first: IteratorResult<ExportRow[]>;
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
      for (const r of first.value as ExportRow[]) yield toCells(r);
      for (;;) {
        const next = await before(batches.next(), deadline);
        if (next.done) return;
        for (const r of next.value) yield toCells(r);
      }
    } finally {
      await batches.return(undefined).catch(() => {});
    }
  }
  return { fileName: exportFileName(org.name, localIsoDate()), columns: EXPORT_COLUMNS, rows: rows() };
}
