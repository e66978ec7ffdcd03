import { OPT_OUT_MESSAGES } from '../../../shared/contract/opt-out';
import { type OptStatus, parseOptStatus } from '../../../shared/status';
import { OPT_OUT_CONTENT_TYPES, OPT_OUT_FILE_MAX_ROWS } from '../../../shared/validation';
import { AppError } from '../../lib/app-error';

/** One data row of an opt-out file as read. */
export interface OptOutLine {
  line: number;
  student: string;
  section: string;
  /** sectionId when the section column holds ids, sectionCode when it holds codes. */
  sectionKind: 'id' | 'code' | 'none';
  optStatus: OptStatus | null;
  /** Set when the row cannot be used: why (a key of `optOut.*` in src/shared/i18n) and the value at fault. */
  invalid: { reason: 'noStudent' | 'badOptStatus'; value?: string } | null;
}

/** Magic numbers of binary formats that are not CSV text (zip/xlsx, OLE2 xls, PDF, gzip, PNG, JPEG). */
const BINARY_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x1f, 0x8b],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
];

export function allowedContentType(mimetype: string | undefined): boolean {
  const base = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  return (OPT_OUT_CONTENT_TYPES as readonly string[]).includes(base);
}

/**
 * The file's text, checked by content: not a known binary format, valid UTF-8 (or Windows-1252
 * without control characters), no NUL or other control characters than tab, CR and LF.
 */
export function decodeCsvText(buf: Buffer): string {
  const notText = () => new AppError('error.optOutNotText', OPT_OUT_MESSAGES.notText);
  if (BINARY_MAGIC.some((m) => m.every((b, i) => buf[i] === b))) throw notText();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('windows-1252').decode(buf);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text)) throw notText();
  return text.replace(/^\uFEFF/, '');
}

const HEADER_ALIASES: Record<string, 'email' | 'username' | 'sectionId' | 'sectionCode' | 'optStatus'> = {
  email: 'email',
  emailaddress: 'email',
  studentemail: 'email',
  mail: 'email',
  username: 'username',
  studentusername: 'username',
  user: 'username',
  login: 'username',
  sectionid: 'sectionId',
  section: 'sectionId',
  courseid: 'sectionId',
  sectioncode: 'sectionCode',
  optstatus: 'optStatus',
  status: 'optStatus',
  opt: 'optStatus',
  optout: 'optStatus',
};

/** Reads the CSV: a header row naming the columns, then at most 10,000 data rows. */
export async function parseOptOutCsv(text: string): Promise<OptOutLine[]> {
  const { parse } = await import('csv-parse/sync'); // loaded at the first upload, not at start
  let records: string[][];
  try {
    records = parse(text, {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to_line: OPT_OUT_FILE_MAX_ROWS + 2,
    });
  } catch (err) {
    const reason = (err as Error).message;
    throw new AppError(
      'error.optOutUnreadable',
      `The CSV could not be read: ${reason}`,
      { file: 'The CSV could not be read.' },
      undefined,
      { reason },
    );
  }
  if (records.length > OPT_OUT_FILE_MAX_ROWS + 1) {
    throw new AppError('error.optOutTooManyRows', OPT_OUT_MESSAGES.tooManyRows, {
      file: OPT_OUT_MESSAGES.tooManyRows,
    });
  }
  const [header, ...data] = records;
  const index: Partial<Record<(typeof HEADER_ALIASES)[string], number>> = {};
  (header ?? []).forEach((h, i) => {
    const key = HEADER_ALIASES[h.toLowerCase().replace(/[^a-z]/g, '')];
    if (key && index[key] === undefined) index[key] = i;
  });
  if (index.email === undefined && index.username === undefined) {
    throw new AppError('error.optOutNoStudentColumn', OPT_OUT_MESSAGES.noStudentColumn, {
      file: OPT_OUT_MESSAGES.noStudentColumn,
    });
  }
  if (data.length === 0)
    throw new AppError('error.optOutEmpty', OPT_OUT_MESSAGES.empty, { file: OPT_OUT_MESSAGES.empty });

  const cell = (row: string[], i: number | undefined) => (i === undefined ? '' : (row[i] ?? '').trim());
  return data.map((row, k) => {
    const student = cell(row, index.email) || cell(row, index.username);
    // A section value that is not a number is read as a section code, whatever its column.
    const rawId = cell(row, index.sectionId);
    const sectionId = /^\d{1,9}$/.test(rawId) ? rawId : '';
    const sectionCode = cell(row, index.sectionCode) || (sectionId ? '' : rawId);
    const statusText = cell(row, index.optStatus);
    const optStatus = index.optStatus === undefined || !statusText ? 'optout' : parseOptStatus(statusText);
    let invalid: OptOutLine['invalid'] = null;
    if (!student) invalid = { reason: 'noStudent' };
    else if (!optStatus) invalid = { reason: 'badOptStatus', value: statusText };
    return {
      line: k + 2,
      student,
      section: sectionId || sectionCode,
      sectionKind: sectionId ? 'id' : sectionCode ? 'code' : 'none',
      optStatus,
      invalid,
    };
  });
}
