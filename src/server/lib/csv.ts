/**
 * The one CSV writer of every export (ARCHITECTURE §4): csv-stringify, streamed in chunks (UTF-8 with a BOM for
 * Excel, CRLF line ends, header row first), formula injection neutralised, sent as a download with
 * an RFC 6266 file name and `Cache-Control: no-store`.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A text cell a spreadsheet would read as a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text of a CSV cell. Text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it. Numbers, booleans
 * and dates are values, never formulas: a negative number keeps its minus sign.
 */
export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Rows of an export, from memory or read as the client takes them (back-pressure). */
export type CsvRows = Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>;

/** Rows per chunk of CSV text: the sync writer in small chunks makes far less garbage than the stream form (docs/decisions/0006). */
const CHUNK_ROWS = 100;
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/** A CSV stream of a header row and the rows, read as the client takes it (back-pressure). */
export function csvStream(columns: readonly string[], rows: CsvRows): Readable {
  async function* chunks() {
    const { stringify } = await import('csv-stringify/sync'); // loaded at the first export, not at start
    yield stringify([columns.map(neutralise)], { ...CSV_OPTIONS, bom: true });
    let chunk: string[][] = [];
    for await (const row of rows) {
      chunk.push(row.map(neutralise));
      if (chunk.length === CHUNK_ROWS) {
        yield stringify(chunk, CSV_OPTIONS);
        chunk = [];
      }
    }
    if (chunk.length) yield stringify(chunk, CSV_OPTIONS);
  }
  return Readable.from(chunks(), { objectMode: false });
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

/** Sends a file download (CSV or any other type) that no cache keeps. */
export function sendDownload(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  body: string | Buffer | Readable,
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** Sends a CSV download of a header row and the rows. */
export function sendCsv(reply: FastifyReply, fileName: string, columns: readonly string[], rows: CsvRows) {
  return sendDownload(reply, fileName, 'text/csv; charset=utf-8', csvStream(columns, rows));
}
