import { z } from 'zod';
import { OPT_STATUSES } from '../status';
import { IdParam } from './common';

/**
 * POST /api/upload/optoutfile?organizationId= (multipart/form-data, one part named `file`).
 * A CSV (text/csv or application/vnd.ms-excel, checked by content) with a header row and the
 * columns `email` (or `username`), optionally `sectionId` (or `sectionCode`) and `optStatus`
 * (default optout). A row without a section applies to the student's current and future courses.
 */
export const OptOutUploadQuery = z.object({ organizationId: IdParam });

export const OptOutOutcome = z.enum(['applied', 'unchanged', 'notFound', 'invalid', 'duplicate']);

/** What one data row of the file did. */
export const OptOutRowReport = z.object({
  /** Line number in the file (the header is line 1). */
  line: z.number().int(),
  /** Student e-mail or username as written. */
  student: z.string(),
  /** Section id or section code as written; empty for all current and future courses. */
  section: z.string(),
  optStatus: z.enum(OPT_STATUSES).nullable(),
  outcome: OptOutOutcome,
  /** Enrollments the row matched. */
  matched: z.number().int(),
  /** Enrollments whose opt status it changed. */
  changed: z.number().int(),
  /** Why it matched nothing or was not valid. */
  message: z.string().nullable(),
});

export const OptOutSummary = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  /** Data rows read. */
  rows: z.number().int(),
  /** Enrollments changed by the file. */
  changed: z.number().int(),
  /** Rows that matched no enrollment or were not valid. */
  notMatched: z.number().int(),
});

export const OptOutUploadResponse = OptOutSummary.extend({
  message: z.string(),
  report: z.array(OptOutRowReport),
});

/** DELETE /api/upload/optoutfile?fileId= : reverts exactly what the file applied. */
export const OptOutFileQuery = z.object({ fileId: IdParam });
export const OptOutDeleteResponse = z.object({
  message: z.string(),
  fileId: z.number().int(),
  /** Enrollments set back to their opt status from before the file. */
  reverted: z.number().int(),
  /** Enrollments left as they are: changed since, or also set by another live file. */
  kept: z.number().int(),
});

/** GET /api/upload/optoutfile?organizationId= : the institution's live opt-out files. */
export const OptOutListResponse = z.object({ files: z.array(OptOutSummary) });

/** GET /api/upload/optoutfile/report?fileId= : the per-row report of one file. */
export const OptOutReportResponse = OptOutSummary.extend({ report: z.array(OptOutRowReport) });

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
