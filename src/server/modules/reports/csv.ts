import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** A cell a spreadsheet would read as a formula starts with one of these (ARCHITECTURE §4). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text of a CSV cell, neutralised against formula injection with a leading apostrophe. */
export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV stream (UTF-8 with BOM, header row first) of the rows an async source yields. The source
 * is read only as fast as the client takes the data (back-pressure through the pipeline).
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<unknown[]>): Readable {
  const out = new PassThrough();
  const stringifier = stringify({ bom: true, record_delimiter: 'windows' });
  async function* cells() {
    yield columns.map(neutralise);
    for await (const row of rows) yield row.map(neutralise);
  }
  pipeline(cells(), stringifier, out).catch((err) => out.destroy(err as Error));
  return out;
}

/** `attachment` with an ASCII fallback name and the RFC 6266 / RFC 5987 `filename*` form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a CSV download: content type, file name, never cached. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  columns: readonly string[],
  rows: AsyncIterable<unknown[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csvStream(columns, rows));
}

/** Reads a keyed table in batches: `fetch(after)` returns rows after a key, `key(row)` gives a row's key. */
export async function* batches<T, K>(
  fetch: (after: K | null) => Promise<T[]>,
  key: (row: T) => K,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length === 0) return;
    yield* rows;
    after = key(rows[rows.length - 1]);
  }
}
