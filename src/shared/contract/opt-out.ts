import { z } from 'zod';
import { OPT_STATUSES } from '../status';
import { IdParam, OrganizationQuery } from './common';
import { defineRoute } from './route';

/**
 * POST /api/upload/optoutfile?organizationId= (multipart/form-data, one part named `file`).
 * A CSV (text/csv or application/vnd.ms-excel, checked by content) with a header row and the
 * columns `email` (or `username`), optionally `sectionId` (or `sectionCode`) and `optStatus`
 * (default optout). A row without a section applies to the student's current and future courses.
 */
export const OptOutUploadQuery = z.object({
  organizationId: IdParam.describe('The institution whose enrollments the file changes.'),
});

export const OptOutOutcome = z.enum(['applied', 'unchanged', 'notFound', 'invalid', 'duplicate']);

/** What one data row of the file did. */
export const OptOutRowReport = z.object({
  line: z.number().int().describe('Line number in the file (the header is line 1).'),
  student: z.string().describe('Student e-mail or username as written.'),
  section: z
    .string()
    .describe('Section id or section code as written; empty for all current and future courses.'),
  optStatus: z
    .enum(OPT_STATUSES)
    .nullable()
    .describe('optin or optout as read (default optout); null when not valid.'),
  outcome: OptOutOutcome.describe(
    'applied, unchanged, notFound, invalid or duplicate (an earlier row said it).',
  ),
  matched: z.number().int().describe('Enrollments the row matched.'),
  changed: z.number().int().describe('Enrollments whose opt status it changed.'),
  message: z.string().nullable().describe('Why it matched nothing or was not valid.'),
});

export const OptOutSummary = z.object({
  fileId: z.number().int().describe('Opt-out file id.'),
  fileName: z.string().describe('Name of the uploaded file.'),
  uploadedBy: z.string().describe('Username of the uploader.'),
  createdAt: z.string().describe('When it was uploaded (ISO 8601).'),
  rows: z.number().int().describe('Data rows read.'),
  changed: z.number().int().describe('Enrollments changed by the file.'),
  notMatched: z.number().int().describe('Rows that matched no enrollment or were not valid.'),
});

export const OptOutUploadResponse = OptOutSummary.extend({
  message: z.string().describe('Success text: "Opt-out file uploaded successfully".'),
  report: z.array(OptOutRowReport).describe('What each data row did, in file order.'),
});

/** DELETE /api/upload/optoutfile?fileId= : reverts exactly what the file applied. */
export const OptOutFileQuery = z.object({ fileId: IdParam.describe('Opt-out file id.') });
export const OptOutDeleteResponse = z.object({
  message: z.string().describe('Success text: "Opt-out file deleted successfully".'),
  fileId: z.number().int().describe('The file deleted.'),
  reverted: z.number().int().describe('Enrollments set back to their opt status from before the file.'),
  kept: z
    .number()
    .int()
    .describe('Enrollments left as they are: changed since, or also set by another live file.'),
});

/** GET /api/upload/optoutfile?organizationId= : the institution's live opt-out files. */
export const OptOutListResponse = z.object({
  files: z.array(OptOutSummary).describe("The institution's live opt-out files."),
});

/** GET /api/upload/optoutfile/report?fileId= : the per-row report of one file. */
export const OptOutReportResponse = OptOutSummary.extend({
  report: z.array(OptOutRowReport).describe('What each data row did, in file order.'),
});

export const OPT_OUT_MESSAGES = {
  uploaded: 'Opt-out file uploaded successfully',
  deleted: 'Opt-out file deleted successfully',
  wrongType: 'Only .csv files (text/csv or application/vnd.ms-excel) are allowed.',
  notText: 'The file is not a CSV text file.',
  tooLarge: 'The opt-out file is too large (at most 1 MB).',
  tooManyRows: 'The opt-out file has too many rows (at most 10,000).',
  noFile: 'Attach the opt-out file in a part named "file".',
  noStudentColumn: 'The file needs an "email" or "username" column in its header row.',
  empty: 'The file has no data rows.',
} as const;

/** The opt-out file operations: upload (multipart, applied at once), list, per-row report, delete. */
export const optOutApi = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/upload/optoutfile',
    query: OptOutUploadQuery,
    response: OptOutUploadResponse,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/upload/optoutfile',
    query: OrganizationQuery,
    response: OptOutListResponse,
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/upload/optoutfile/report',
    query: OptOutFileQuery,
    response: OptOutReportResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/upload/optoutfile',
    query: OptOutFileQuery,
    response: OptOutDeleteResponse,
  }),
};
