/**
 * Reads the account rows of a checked .xlsx with exceljs's streaming reader (one row in memory at a
 * time). Cell values are turned into clean text: formulas give their cached result (or an issue when
 * the file holds none), rich text and hyperlinks give their text, and odd characters — non-breaking
 * and other Unicode spaces, zero-width marks, a BOM, decomposed accents — are normalised.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { BULK_HEADERS, BULK_LIMITS, type BulkColumn } from '../../../shared/contract/bulk-accounts';
import { bulkError } from './bulk-errors';

export interface RawRow {
  rowNumber: number;
  values: Record<BulkColumn, string>;
  /** Problems found while reading cells (formula without value, error cells, dates, control characters). */
  issues: { column: string; message: string }[];
}

const require = createRequire(import.meta.url);

const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t\r\n]+/g;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Trims, folds Unicode spaces into one space, drops invisible marks, composes accents (NFC). */
export function cleanText(s: string): string {
  return s.normalize('NFC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** A cell's value as text, or an issue explaining why it cannot be used. */
export function cellText(v: ExcelJS.CellValue): { text: string; issue?: string } {
  if (v === null || v === undefined) return { text: '' };
  if (typeof v === 'string') return checked(v);
  if (typeof v === 'number')
    return Number.isFinite(v) ? { text: String(v) } : { text: '', issue: 'The cell holds no usable number.' };
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE' };
  if (v instanceof Date) return { text: '', issue: 'A date is not accepted here; type the text.' };
  if ('error' in v) return { text: '', issue: `The cell shows an error (${v.error}).` };
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: unknown }).result;
    if (result === undefined || result === null || (typeof result === 'number' && Number.isNaN(result))) {
      return { text: '', issue: 'The cell holds a formula without a saved value; type the value instead.' };
    }
    if (typeof result === 'object' && result !== null && 'error' in result) {
      return { text: '', issue: `The formula shows an error (${(result as { error: string }).error}).` };
    }
    return cellText(result as ExcelJS.CellValue);
  }
  if ('richText' in v) return checked(v.richText.map((r) => r.text).join(''));
  if ('text' in v) return cellText((v as ExcelJS.CellHyperlinkValue).text as ExcelJS.CellValue);
  return { text: '', issue: 'The cell value is not text.' };
}

function checked(raw: string): { text: string; issue?: string } {
  const text = cleanText(raw);
  if (CONTROL.test(text))
    return { text: text.replace(new RegExp(CONTROL, 'g'), ''), issue: 'The cell holds control characters.' };
  return { text };
}

const HEADER_KEYS: Record<string, BulkColumn> = {
  firstname: 'First Name',
  givenname: 'First Name',
  lastname: 'Last Name',
  surname: 'Last Name',
  familyname: 'Last Name',
  email: 'Email',
  emailaddress: 'Email',
  username: 'Username',
  role: 'Role',
};
const headerKey = (s: string) =>
  cleanText(s)
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
const REQUIRED: BulkColumn[] = ['First Name', 'Last Name', 'Email', 'Role'];

/** Column numbers of the documented header names in row 1 (Username may be absent). */
function mapHeader(values: ExcelJS.CellValue[]): Map<BulkColumn, number> {
  const map = new Map<BulkColumn, number>();
  values.forEach((v, col) => {
    const name = HEADER_KEYS[headerKey(cellText(v).text)];
    if (!name) return;
    if (map.has(name)) throw bulkError.badHeader();
    map.set(name, col);
  });
  if (REQUIRED.some((c) => !map.has(c))) throw bulkError.badHeader();
  return map;
}

/**
 * Yields the non-blank data rows of the worksheet numbered `sheetNo` (the first one when absent).
 * Row 1 must be the header. Stops with an error past BULK_LIMITS.maxRows data rows.
 */
export async function* readAccountRows(buf: Buffer, sheetNo?: number): AsyncGenerator<RawRow> {
  // exceljs's streaming reader alone, loaded when first used: the whole package (its writers, CSV
  // and zip libraries) would hold 12 MB more of the server's heap from the first import on.
  const WorkbookReader: typeof ExcelJS.stream.xlsx.WorkbookReader = require('exceljs/lib/stream/xlsx/workbook-reader.js');
  const reader = new WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  for await (const sheet of reader) {
    const id = Number((sheet as unknown as { id: string | number }).id);
    if (found || (sheetNo !== undefined && id !== sheetNo)) {
      for await (const _row of sheet) {
        // drain other worksheets
      }
      continue;
    }
    found = true;
    let header: Map<BulkColumn, number> | undefined;
    let count = 0;
    for await (const row of sheet) {
      const values = row.values as ExcelJS.CellValue[];
      if (!header) {
        if (row.number !== 1) throw bulkError.badHeader();
        header = mapHeader(values);
        continue;
      }
      const out = {
        rowNumber: row.number,
        values: {} as Record<BulkColumn, string>,
        issues: [] as RawRow['issues'],
      };
      let blank = true;
      for (const column of BULK_HEADERS) {
        const col = header.get(column);
        const { text, issue } = col === undefined ? { text: '' } : cellText(values[col]);
        out.values[column] = text;
        if (text || issue) blank = false;
        if (issue) out.issues.push({ column, message: issue });
      }
      if (blank) continue;
      if (++count > BULK_LIMITS.maxRows) throw bulkError.tooManyRows();
      yield out;
    }
    if (!header) throw bulkError.badHeader();
  }
  if (!found) throw bulkError.onlyXlsx();
}
