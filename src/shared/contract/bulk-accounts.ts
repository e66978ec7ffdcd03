import { z } from 'zod';
import { IdParam } from './common';

/**
 * The documented header row of the bulk-account spreadsheet (first worksheet, row 1), in order.
 * First Name, Last Name, Email and Role are required per row; Username defaults to the e-mail
 * address. Role is the name of a role of the institution (case-insensitive).
 */
export const BULK_HEADERS = ['First Name', 'Last Name', 'Email', 'Username', 'Role'] as const;
export type BulkColumn = (typeof BULK_HEADERS)[number];

/** Limits checked before the spreadsheet is parsed. */
export const BULK_LIMITS = {
  /** Largest upload. */
  maxBytes: 5 * 1024 * 1024,
  /** Data rows (below the header). */
  maxRows: 10_000,
  /** Zip entries of the .xlsx. */
  maxEntries: 200,
  /** Sum of the declared uncompressed sizes of all entries. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Largest declared compression ratio of an entry bigger than 1 MiB. */
  maxRatio: 200,
} as const;

export const BULK_MESSAGES = {
  onlyXlsx: 'Only .xlsx file format is allowed',
  empty: 'The spreadsheet has no accounts: add one account per row below the header row.',
  tooManyRows: `The spreadsheet has more than ${BULK_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooLarge: 'The file is larger than 5 MB.',
  bomb: 'The spreadsheet expands to more data than is allowed. Save it again from a spreadsheet program.',
  badHeader: `The first row must hold the column names: ${BULK_HEADERS.join(', ')}.`,
  invalidRows: 'Some rows have errors. Correct them, or choose to import only the valid rows.',
  notPreviewed: 'This import has already been started.',
  nothingToDo: 'No row would change anything in this mode.',
} as const;

/** create: only new accounts; update: only existing accounts; createAndUpdate: both. */
export const BulkMode = z.enum(['create', 'update', 'createAndUpdate']);
export type BulkMode = z.infer<typeof BulkMode>;

/** What a row matched at preview: a new account, an existing one with changes, one without changes, or errors. */
export const BulkMatch = z.enum(['new', 'existing', 'unchanged', 'invalid']);
export type BulkMatch = z.infer<typeof BulkMatch>;

export const BulkAction = z.enum(['create', 'update', 'skip', 'reject']);
export type BulkAction = z.infer<typeof BulkAction>;

export const BulkResult = z.enum(['created', 'updated', 'skipped', 'rejected', 'failed']);

export const BulkStatus = z.enum(['parsing', 'previewed', 'queued', 'running', 'done', 'failed']);

/** What a row does in a mode. The server and the preview screen both use this. */
export function plannedAction(mode: BulkMode, match: BulkMatch): BulkAction {
  if (match === 'invalid') return 'reject';
  if (match === 'unchanged') return 'skip';
  if (match === 'new') return mode === 'update' ? 'skip' : 'create';
  return mode === 'create' ? 'skip' : 'update';
}

/** One problem of a row: the column and the reason. */
export const BulkIssue = z.object({
  column: z.string(),
  message: z.string(),
});

/** One data row of the file, as previewed and, after the job, with its result. */
export const BulkRow = z.object({
  /** Row number as the spreadsheet shows it (header = 1). */
  rowNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string(),
  match: BulkMatch,
  /** What the row does in the requested mode. */
  action: BulkAction,
  issues: z.array(BulkIssue),
  /** Extra explanation, e.g. why a row is skipped. */
  note: z.string().nullable(),
  result: BulkResult.nullable(),
  resultMessage: z.string().nullable(),
});
export type BulkRow = z.infer<typeof BulkRow>;

const Counts = z.object({ create: z.number(), update: z.number(), skip: z.number(), reject: z.number() });

/** An import: file, status, preview counts and job progress. */
export const BulkImport = z.object({
  importId: z.string(),
  organizationId: z.number().int(),
  fileName: z.string(),
  status: BulkStatus,
  /** Why parsing or the job failed. */
  error: z.string().nullable(),
  /** Data rows in the file. */
  totalRows: z.number().int(),
  /** Rows per preview match. */
  matches: z.object({ new: z.number(), existing: z.number(), unchanged: z.number(), invalid: z.number() }),
  /** Planned actions in each mode (for the mode chooser). */
  planned: z.object({ create: Counts, update: Counts, createAndUpdate: Counts }),
  /** Mode and valid-only choice once committed. */
  mode: BulkMode.nullable(),
  validOnly: z.boolean(),
  /** Rows the job has handled so far, of `totalRows`. */
  processedRows: z.number().int(),
  results: z.object({
    created: z.number(),
    updated: z.number(),
    skipped: z.number(),
    rejected: z.number(),
    failed: z.number(),
  }),
  /** When the same file (same bytes) was uploaded before to this institution. */
  sameFileUploadedAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkImport = z.infer<typeof BulkImport>;

/** POST /api/registrarUser/instructor/bulkAccountCreation?organizationId= (multipart, one `file`). */
export const BulkUploadQuery = z.object({ organizationId: IdParam });

/** GET /api/registrarUser/instructor/bulkAccountTemplate?organizationId= */
export const BulkTemplateQuery = z.object({ organizationId: IdParam });

export const BULK_TEMPLATE_FILE = 'BulkAccountTemplate.xlsx';
export const BULK_REPORT_FILE = 'BulkAccountReport.csv';

export const ImportIdParams = z.object({ importId: z.uuid() });

/** GET .../bulkAccountCreation/:importId/rows */
export const BulkRowsQuery = z.object({
  mode: BulkMode.default('createAndUpdate'),
  /** Only rows with this action. */
  action: BulkAction.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export const BulkRowsResponse = z.object({
  rows: z.array(BulkRow),
  /** Rows matching the filter. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** POST .../bulkAccountCreation/:importId/commit */
export const BulkCommitBody = z.object({
  mode: BulkMode,
  /** Import the valid rows and leave out the rows with errors. Without it, any error refuses the commit. */
  validOnly: z.boolean().default(false),
});

/** Recent imports of an institution. */
export const BulkImportListResponse = z.object({ imports: z.array(BulkImport) });
