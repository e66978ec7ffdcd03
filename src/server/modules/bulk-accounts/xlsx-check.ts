/**
 * Checks an uploaded spreadsheet by content before anything parses it (ARCHITECTURE §2, spreadsheets):
 * zip magic bytes, then with yauzl the central directory — entry count, declared uncompressed sizes
 * and compression ratios (spreadsheet bombs) — the parts an .xlsx must have (no macros), and the
 * number of rows of the first worksheet, counted by inflating only that entry with a size cap.
 */
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { BULK_LIMITS } from '../../../shared/contract/bulk-accounts';
import { AppError } from '../../lib/app-error';
import { bulkError } from './bulk-errors';

export interface XlsxInfo {
  /** Path of the first worksheet inside the zip, e.g. xl/worksheets/sheet1.xml. */
  firstSheetPath: string;
  /** Its sheet number (the N of sheetN.xml), when it has one. */
  firstSheetNo?: number;
  /** `<row>` elements in the first worksheet (header included). */
  rowElements: number;
}

const SMALL_PART_MAX = 2 * 1024 * 1024;
const notXlsx = bulkError.onlyXlsx;
const bomb = bulkError.bomb;

async function openZip(buf: Buffer): Promise<ZipFile> {
  const { default: yauzl } = await import('yauzl'); // loaded at the first upload, not at start
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      if (entries.length > BULK_LIMITS.maxEntries) {
        zip.close();
        reject(bomb());
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
  );
}

/** Inflates a small part (at most 2 MiB) as text. */
async function readPart(zip: ZipFile, entry: Entry): Promise<string> {
  if (entry.uncompressedSize > SMALL_PART_MAX) throw bomb();
  const chunks: Buffer[] = [];
  for await (const c of await openEntry(zip, entry)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts `<row` start tags (any namespace prefix) while streaming, stopping past `limit`. */
async function countRows(zip: ZipFile, entry: Entry, limit: number): Promise<number> {
  const TAIL = 64; // longer than any match, so a tag split between chunks is seen whole once
  const re = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
  let rows = 0;
  let tail = '';
  for await (const chunk of await openEntry(zip, entry)) {
    const text = tail + (chunk as Buffer).toString('latin1');
    for (const m of text.matchAll(re)) {
      // a match ending inside the old tail was already counted with the previous chunk
      if (m.index + m[0].length > tail.length) rows++;
    }
    tail = text.slice(-TAIL);
    if (rows > limit) break;
  }
  return rows;
}

/** Validates the bytes of an upload as an .xlsx within the limits; throws AppError with a clear message. */
export async function checkXlsx(buf: Buffer): Promise<XlsxInfo> {
  if (buf.length > BULK_LIMITS.maxBytes) throw bulkError.tooLarge();
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  let zip: ZipFile;
  try {
    zip = await openZip(buf);
  } catch {
    throw notXlsx();
  }
  try {
    let entries: Entry[];
    try {
      entries = await listEntries(zip);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw notXlsx();
    }
    let total = 0;
    for (const e of entries) {
      if (e.isEncrypted()) throw notXlsx();
      total += e.uncompressedSize;
      const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
      if (e.uncompressedSize > 1024 * 1024 && ratio > BULK_LIMITS.maxRatio) throw bomb();
    }
    if (total > BULK_LIMITS.maxUncompressedBytes) throw bomb();
    const byName = new Map(entries.map((e) => [e.fileName.replace(/^\/+/, ''), e]));
    const types = byName.get('[Content_Types].xml');
    const workbook = byName.get('xl/workbook.xml');
    const rels = byName.get('xl/_rels/workbook.xml.rels');
    if (!types || !workbook || !rels || byName.has('xl/vbaProject.bin')) throw notXlsx();
    const typesXml = await readPart(zip, types);
    if (!typesXml.includes('spreadsheetml.sheet.main+xml') || /macroEnabled/i.test(typesXml)) throw notXlsx();

    const firstSheetPath = firstSheet(await readPart(zip, workbook), await readPart(zip, rels));
    const sheet = firstSheetPath ? byName.get(firstSheetPath) : undefined;
    if (!sheet || !firstSheetPath) throw notXlsx();
    const rowElements = await countRows(zip, sheet, BULK_LIMITS.maxRows + 1);
    if (rowElements > BULK_LIMITS.maxRows + 1) throw bulkError.tooManyRows();
    if (rowElements < 2) throw bulkError.empty();
    const no = /sheet(\d+)\.xml$/.exec(firstSheetPath)?.[1];
    return { firstSheetPath, firstSheetNo: no ? Number(no) : undefined, rowElements };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // a corrupt entry, sizes that do not match their declaration, bad compression…
    throw notXlsx();
  } finally {
    zip.close();
  }
}

/** The zip path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheet(workbookXml: string, relsXml: string): string | undefined {
  const sheet =
    /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbookXml) ??
    /<(?:\w+:)?sheet\b[^>]*?\bid="([^"]+)"/.exec(workbookXml);
  if (!sheet) return undefined;
  const id = sheet[1];
  for (const m of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const tag = m[0];
    if (new RegExp(`\\bId="${id.replace(/[^\w-]/g, '')}"`).test(tag)) {
      const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
      if (!target) return undefined;
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return undefined;
}
