import { z } from 'zod';
import { IdParam } from './common';
import { defineRoute } from './route';

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
  column: z.string().describe('The column the problem is in (a header name of the template).'),
  message: z.string().describe('What is wrong with the cell, in words.'),
});

/** One data row of the file, as previewed and, after the job, with its result. */
export const BulkRow = z.object({
  rowNumber: z.number().int().describe('Row number as the spreadsheet shows it (header = 1).'),
  firstName: z.string().describe('First Name cell.'),
  lastName: z.string().describe('Last Name cell.'),
  email: z.string().describe('Email cell.'),
  username: z.string().describe('Username cell; the e-mail address when left empty.'),
  role: z.string().describe('Role cell: the name of a role of the institution (case-insensitive).'),
  match: BulkMatch.describe('What the row matched at preview: new, existing, unchanged or invalid.'),
  action: BulkAction.describe('What the row does in the requested mode.'),
  issues: z.array(BulkIssue).describe('Problems found in the row; empty when it is valid.'),
  note: z.string().nullable().describe('Extra explanation, e.g. why a row is skipped.'),
  result: BulkResult.nullable().describe(
    'What the job did with the row: created, updated, skipped, rejected or failed; null before the job.',
  ),
  resultMessage: z.string().nullable().describe('Why the row was rejected or failed; null otherwise.'),
});
export type BulkRow = z.infer<typeof BulkRow>;

const Counts = z.object({
  create: z.number().describe('Rows that would create an account.'),
  update: z.number().describe('Rows that would update an account.'),
  skip: z.number().describe('Rows that would be skipped.'),
  reject: z.number().describe('Rows rejected for errors.'),
});

/** An import: file, status, preview counts and job progress. */
export const BulkImport = z.object({
  importId: z.string().describe('Import id (a UUID).'),
  organizationId: z.number().int().describe('The institution the accounts are imported into.'),
  fileName: z.string().describe('Name of the uploaded file.'),
  status: BulkStatus.describe('parsing, previewed, queued, running, done or failed.'),
  error: z.string().nullable().describe('Why parsing or the job failed.'),
  totalRows: z.number().int().describe('Data rows in the file.'),
  matches: z
    .object({
      new: z.number().describe('Rows for accounts that do not exist yet.'),
      existing: z.number().describe('Rows for existing accounts with changes.'),
      unchanged: z.number().describe('Rows for existing accounts without changes.'),
      invalid: z.number().describe('Rows with errors.'),
    })
    .describe('Rows per preview match.'),
  planned: z
    .object({
      create: Counts.describe('Actions in mode create (only new accounts).'),
      update: Counts.describe('Actions in mode update (only existing accounts).'),
      createAndUpdate: Counts.describe('Actions in mode createAndUpdate (both).'),
    })
    .describe('Planned actions in each mode (for the mode chooser).'),
  mode: BulkMode.nullable().describe(
    'The mode committed with (create, update, createAndUpdate); null before.',
  ),
  validOnly: z.boolean().describe('Committed to import only the valid rows, leaving out rows with errors.'),
  processedRows: z.number().int().describe('Rows the job has handled so far, of `totalRows`.'),
  results: z
    .object({
      created: z.number().describe('Accounts created.'),
      updated: z.number().describe('Accounts updated.'),
      skipped: z.number().describe('Rows skipped.'),
      rejected: z.number().describe('Rows rejected for errors.'),
      failed: z.number().describe('Rows that failed while being written.'),
    })
    .describe('Row results of the job so far.'),
  sameFileUploadedAt: z
    .string()
    .nullable()
    .describe('When the same file (same bytes) was uploaded before to this institution.'),
  createdAt: z.string().describe('When the file was uploaded (ISO 8601).'),
  finishedAt: z.string().nullable().describe('When the job finished (ISO 8601); null until then.'),
});
export type BulkImport = z.infer<typeof BulkImport>;

/** POST /api/registrarUser/instructor/bulkAccountCreation?organizationId= (multipart, one `file`). */
export const BulkUploadQuery = z.object({
  organizationId: IdParam.describe('The institution the accounts are imported into.'),
});

/** GET /api/registrarUser/instructor/bulkAccountTemplate?organizationId= */
export const BulkTemplateQuery = z.object({
  organizationId: IdParam.describe('The institution (its role names go into the template).'),
});

export const BULK_TEMPLATE_FILE = 'BulkAccountTemplate.xlsx';
export const BULK_REPORT_FILE = 'BulkAccountReport.csv';

export const ImportIdParams = z.object({ importId: z.uuid().describe('Import id (a UUID).') });

/** GET .../bulkAccountCreation/:importId/rows */
export const BulkRowsQuery = z.object({
  mode: BulkMode.default('createAndUpdate').describe(
    'The mode whose planned actions the rows show: create, update or createAndUpdate (default).',
  ),
  action: BulkAction.optional().describe('Only rows with this action.'),
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('Zero-based page index.'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(50)
    .describe('Rows per page (1 to 500, default 50).'),
});

export const BulkRowsResponse = z.object({
  rows: z.array(BulkRow).describe('The rows of the requested page, in file order.'),
  total: z.number().int().describe('Rows matching the filter.'),
  page: z.number().int().describe('Zero-based page index answered.'),
  pageSize: z.number().int().describe('Rows per page.'),
});

/** GET .../bulkAccountCreation/:importId/report : BulkAccountReport.csv. */
export const BulkReportQuery = z.object({
  mode: BulkMode.default('createAndUpdate').describe(
    'The mode whose planned actions the report shows before the job: create, update or createAndUpdate (default).',
  ),
});

/** POST .../bulkAccountCreation/:importId/commit */
export const BulkCommitBody = z.object({
  mode: BulkMode.describe(
    'create: only new accounts; update: only existing accounts; createAndUpdate: both.',
  ),
  validOnly: z
    .boolean()
    .default(false)
    .describe(
      'Import the valid rows and leave out the rows with errors. Without it, any error refuses the commit.',
    ),
});

/** Recent imports of an institution. */
export const BulkImportListResponse = z.object({
  imports: z.array(BulkImport).describe("The institution's recent imports, newest first."),
});

export type BulkImportListResponse = z.infer<typeof BulkImportListResponse>;

const BULK_BASE = '/api/registrarUser/instructor/bulkAccountCreation';

/** Bulk account creation: template, upload (dry-run preview), imports, rows, commit, report. */
export const bulkAccountsApi = {
  template: defineRoute({
    method: 'GET',
    path: '/api/registrarUser/instructor/bulkAccountTemplate',
    query: BulkTemplateQuery,
  }),
  upload: defineRoute({
    method: 'POST',
    path: BULK_BASE,
    query: BulkUploadQuery,
    response: BulkImport,
    status: 202,
  }),
  list: defineRoute({
    method: 'GET',
    path: BULK_BASE,
    query: BulkUploadQuery,
    response: BulkImportListResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: `${BULK_BASE}/:importId`,
    params: ImportIdParams,
    response: BulkImport,
  }),
  rows: defineRoute({
    method: 'GET',
    path: `${BULK_BASE}/:importId/rows`,
    params: ImportIdParams,
    query: BulkRowsQuery,
    response: BulkRowsResponse,
  }),
  commit: defineRoute({
    method: 'POST',
    path: `${BULK_BASE}/:importId/commit`,
    params: ImportIdParams,
    body: BulkCommitBody,
    response: BulkImport,
    status: 202,
  }),
  report: defineRoute({
    method: 'GET',
    path: `${BULK_BASE}/:importId/report`,
    params: ImportIdParams,
    query: BulkReportQuery,
  }),
};
