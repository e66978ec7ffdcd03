import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  BULK_HEADERS,
  BULK_MESSAGES,
  type BulkAction,
  type BulkCommitBody,
  type BulkImport,
  BulkMatch,
  type BulkMode,
  type BulkRow,
  type BulkRowsQuery,
  plannedAction,
} from '../../../shared/contract/bulk-accounts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { applyImportJob, parseImportJob } from './bulk-accounts.jobs';
import * as q from './bulk-accounts.queries';
import type { RowData } from './classify';
import { checkXlsx } from './xlsx-check';

const MODES: BulkMode[] = ['create', 'update', 'createAndUpdate'];

function skipNote(mode: BulkMode, match: string): string | null {
  if (match === 'new' && mode === 'update') return 'Update only: new accounts are not created.';
  if (match === 'existing' && mode === 'create') return 'Create only: existing accounts are not changed.';
  return null;
}

/** An import as the page shows it: status, counts per match and per mode, progress and results. */
export async function describeImport(db: Db, row: Omit<q.ImportRow, 'content'>): Promise<BulkImport> {
  const m = await q.matchCounts(db, row.id);
  const matches = {
    new: m.new ?? 0,
    existing: m.existing ?? 0,
    unchanged: m.unchanged ?? 0,
    invalid: m.invalid ?? 0,
  };
  const planned = Object.fromEntries(
    MODES.map((mode) => {
      const c = { create: 0, update: 0, skip: 0, reject: 0 };
      for (const match of BulkMatch.options) c[plannedAction(mode, match)] += matches[match];
      return [mode, c];
    }),
  ) as BulkImport['planned'];
  const r = await q.resultCounts(db, row.id);
  const started =
    ['running', 'done'].includes(row.status) || (row.status === 'failed' && row.startedAt !== null);
  const same = await q.previousSameFile(db, row.institutionId, row.fileSha256, row.id);
  return {
    importId: row.id,
    organizationId: row.institutionId,
    fileName: row.fileName,
    status: row.status as BulkImport['status'],
    error: row.error,
    totalRows: row.totalRows,
    matches,
    planned,
    mode: (row.mode as BulkMode | null) ?? null,
    validOnly: row.validOnly,
    processedRows: started ? row.totalRows - r.pending : 0,
    results: {
      created: r.created,
      updated: r.updated,
      skipped: r.skipped,
      rejected: r.rejected,
      failed: r.failed,
    },
    sameFileUploadedAt: same && same < row.createdAt ? same.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * POST registrarUser/instructor/bulkAccountCreation: checks the file by content and limits (400
 * "Only .xlsx file format is allowed", 413, 422), stores it and queues the parse job. Nothing
 * about accounts is written until commit.
 */
export async function uploadImport(
  db: Db,
  jobs: JobSender,
  actor: Actor,
  institutionId: number,
  file: { fileName: string; content: Buffer },
) {
  await checkXlsx(file.content);
  const fileSha256 = createHash('sha256').update(file.content).digest('hex');
  const fileName = file.fileName.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200) || 'upload.xlsx';
  const row = await db.transaction(async (tx) => {
    const created = await q.insertImport(tx, {
      institutionId,
      uploadedBy: actor.userId,
      fileName,
      fileSha256,
      fileSize: file.content.length,
      content: file.content,
      status: 'parsing',
    });
    await audit(tx, actor, {
      action: 'bulkImport.upload',
      entityType: 'bulkImport',
      entityId: created.id,
      institutionId,
      after: { fileName, fileSha256, size: file.content.length },
    });
    await jobs.send(
      parseImportJob,
      { importId: created.id },
      { singletonKey: `bulk-parse-${created.id}`, tx },
    );
    return created;
  });
  return describeImport(db, row);
}

export async function getImport(db: Db, importId: string) {
  const row = await q.findImport(db, importId);
  if (!row) throw notFound('Import');
  return describeImport(db, row);
}

export async function listImports(db: Db, institutionId: number) {
  const rows = await q.recentImports(db, institutionId);
  return { imports: await Promise.all(rows.map((r) => describeImport(db, r))) };
}

function toBulkRow(r: q.ImportDataRow, mode: BulkMode): BulkRow {
  const d = r.data as RowData;
  const match = r.match as BulkRow['match'];
  return {
    rowNumber: r.rowNumber,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    username: d.username,
    role: d.role,
    match,
    action: (r.action as BulkAction | null) ?? plannedAction(mode, match),
    issues: r.issues as BulkRow['issues'],
    note: skipNote(mode, match) ?? d.note,
    result: (r.result as BulkRow['result']) ?? null,
    resultMessage: r.resultMessage,
  };
}

/** GET .../:importId/rows : every row of the file, a page at a time, with what it does in `mode`. */
export async function importRows(db: Db, importId: string, query: z.infer<typeof BulkRowsQuery>) {
  const row = await q.findImport(db, importId);
  if (!row) throw notFound('Import');
  const mode = (row.mode as BulkMode | null) ?? query.mode;
  const matches = query.action
    ? BulkMatch.options.filter((m) => plannedAction(mode, m) === query.action)
    : undefined;
  const { rows, total } = await q.pageOfRows(db, importId, matches, query.page, query.pageSize);
  return { rows: rows.map((r) => toBulkRow(r, mode)), total, page: query.page, pageSize: query.pageSize };
}

/** POST .../:importId/commit : choose the mode and whether to import only the valid rows, then queue the job. */
export async function commitImport(
  db: Db,
  jobs: JobSender,
  config: Pick<Config, 'bulkImportJobs'>,
  actor: Actor,
  importId: string,
  body: z.infer<typeof BulkCommitBody>,
  locale?: Locale,
) {
  const row = await q.findImport(db, importId);
  if (!row) throw notFound('Import');
  if (row.status !== 'previewed') throw new AppError('error.bulkAlreadyStarted', BULK_MESSAGES.notPreviewed);
  const described = await describeImport(db, row);
  if (described.matches.invalid > 0 && !body.validOnly) {
    throw new AppError('error.bulkInvalidRows', BULK_MESSAGES.invalidRows, {
      validOnly: BULK_MESSAGES.invalidRows,
    });
  }
  const plan = described.planned[body.mode];
  if (plan.create + plan.update === 0) throw new AppError('error.bulkNothingToDo', BULK_MESSAGES.nothingToDo);
  const moved = await db.transaction(async (tx) => {
    const ok = await q.transitionImport(tx, importId, 'previewed', {
      status: 'queued',
      mode: body.mode,
      validOnly: body.validOnly,
      committedBy: actor.userId,
    });
    if (ok) {
      await audit(tx, actor, {
        action: 'bulkImport.commit',
        entityType: 'bulkImport',
        entityId: importId,
        institutionId: row.institutionId,
        after: { mode: body.mode, validOnly: body.validOnly, planned: plan },
      });
      await jobs.send(
        applyImportJob,
        { importId, locale },
        {
          singletonKey: `bulk-apply-${importId}`,
          expireInSeconds: config.bulkImportJobs.expireInSeconds,
          tx,
        },
      );
    }
    return ok;
  });
  if (!moved) throw new AppError('error.bulkAlreadyStarted', BULK_MESSAGES.notPreviewed);
  return getImport(db, importId);
}

/** The per-row report: what each row did (or would do), with the reason. */
/** Columns of the import report CSV. */
export const IMPORT_REPORT_COLUMNS = ['Row', ...BULK_HEADERS, 'Action', 'Result', 'Message'];

/** Rows of the import report CSV (columns IMPORT_REPORT_COLUMNS). */
export async function importReportCsv(db: Db, importId: string, fallbackMode: BulkMode) {
  const row = await q.findImport(db, importId);
  if (!row) throw notFound('Import');
  const mode = (row.mode as BulkMode | null) ?? fallbackMode;
  const rows = (await q.allRows(db, importId)).map((r) => toBulkRow(r, mode));
  return rows.map((r) => [
    r.rowNumber,
    r.firstName,
    r.lastName,
    r.email,
    r.username,
    r.role,
    r.action,
    r.result ?? '',
    [r.resultMessage, ...r.issues.map((i) => `${i.column}: ${i.message}`), r.result ? null : r.note]
      .filter(Boolean)
      .join(' | '),
  ]);
}
