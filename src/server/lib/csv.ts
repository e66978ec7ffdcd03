/**
 * CSV exports (ARCHITECTURE §4): RFC 4180 text with formula injection neutralised, sent as a
 * download with an RFC 6266 file name and `Cache-Control: no-store`.
 *
 * A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width
 * forms) gets a leading apostrophe, so a spreadsheet shows it as text instead of running it;
 * csv-stringify's `escape_formulas` does this. Numbers keep their minus sign.
 */
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined | Date;

/** One CSV document: a header row, then the rows. Lines end with CRLF; UTF-8 with a BOM for Excel. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const body = stringify([header as string[], ...(rows as CsvCell[][])], {
    escape_formulas: true,
    record_delimiter: 'windows',
    cast: { boolean: (v) => (v ? 'true' : 'false'), date: (d) => d.toISOString() },
  });
  return `\uFEFF${body}`;
}

/** `attachment; filename="…"; filename*=UTF-8''…` with the ASCII fallback stripped of quotes and controls. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a file download (CSV or any other type) that no cache keeps. */
export function sendDownload(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  body: string | Buffer,
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return sendDownload(reply, fileName, 'text/csv; charset=utf-8', csv);
}
