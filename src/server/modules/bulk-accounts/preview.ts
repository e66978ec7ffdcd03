import { can } from '../../../shared/permissions';
import { isDatabaseFailure } from '../../db/connection-loss';
import type { ServiceContext } from '../../jobs/define';
import { AppError } from '../../lib/app-error';
import * as q from './bulk-accounts.queries';
import { bulkError } from './bulk-errors';
import { classifyRows, newFileState } from './classify';
import { institutionRoles, jobActor } from './job-actor';
import { checkXlsx } from './xlsx-check';
import { type RawRow, readAccountRows } from './xlsx-read';

const CHUNK = 500;
const UNREADABLE =
  'The spreadsheet could not be read. Save it again as .xlsx from a spreadsheet program and upload it again.';

/**
 * The parse job's work: streams the rows of the stored file, classifies them in chunks (dry run:
 * only bulk_import_rows is written) and marks the import previewed, or failed with a clear reason.
 * Safe to run twice: it only acts on an import still "parsing" and replaces earlier rows.
 */
export async function buildPreview({ db, log }: ServiceContext, importId: string, lastAttempt = true) {
  const imp = await q.findImport(db, importId);
  if (imp?.status !== 'parsing') return;
  const content = await q.importContent(db, importId);
  try {
    if (!content) throw bulkError.onlyXlsx();
    const info = await checkXlsx(content);
    const actor = await jobActor(db, imp.uploadedBy, imp.institutionId, `bulk-parse-${importId}`);
    if (!can(actor.caps, 'editUsers')) {
      throw new AppError('error.noLongerCreateUsers', 'You may no longer create users in this institution.');
    }
    const roles = await institutionRoles(db, imp.institutionId);
    const state = newFileState();
    await q.deleteRows(db, importId);
    let total = 0;
    let batch: RawRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const classified = await classifyRows(db, actor, imp.institutionId, roles, batch, state);
      await q.insertRows(
        db,
        classified.map((c) => ({
          importId,
          rowNumber: c.rowNumber,
          data: c.data,
          match: c.match,
          issues: c.issues,
          existingUserId: c.existingUserId,
        })),
      );
      total += batch.length;
      batch = [];
    };
    for await (const raw of readAccountRows(content, info.firstSheetNo)) {
      batch.push(raw);
      if (batch.length >= CHUNK) await flush();
    }
    await flush();
    if (total === 0) throw bulkError.empty();
    await q.updateImport(db, importId, { status: 'previewed', totalRows: total, parsedAt: new Date() });
  } catch (err) {
    // A database hiccup is not the file's fault: let pg-boss try again before calling it unreadable.
    if (!lastAttempt && isDatabaseFailure(err)) throw err;
    if (!(err instanceof AppError)) log.warn({ err, importId }, 'bulk import could not be parsed');
    const message = err instanceof AppError && err.description ? err.description : UNREADABLE;
    await q.deleteRows(db, importId);
    await q.updateImport(db, importId, {
      status: 'failed',
      error: message,
      content: null,
      totalRows: 0,
      finishedAt: new Date(),
    });
  }
}
