import type { ServiceContext } from '../../jobs/define';
import { finishImport } from './apply';
import * as q from './bulk-accounts.queries';

const STOPPED =
  'stopped before it finished (the server stopped or it took too long) and no attempts are left';

/**
 * An import whose parse or apply job failed for good without the job saying why (the worker was
 * killed, or the attempt passed its time limit on the last try): ends `failed` with a reason, never
 * stays `parsing` or `running`. Rows applied before are kept; their counts are in the import.
 */
export async function failAbandonedImport(ctx: ServiceContext, importId: string) {
  const imp = await q.findImport(ctx.db, importId);
  if (imp?.status === 'parsing') {
    const failed = await q.transitionImport(ctx.db, importId, 'parsing', {
      status: 'failed',
      error: `Reading the spreadsheet ${STOPPED}. Upload the file again.`,
      content: null,
      totalRows: 0,
      finishedAt: new Date(),
    });
    if (failed) await q.deleteRows(ctx.db, importId);
    return;
  }
  if (imp?.status !== 'queued' && imp?.status !== 'running') return;
  const counts = await q.resultCounts(ctx.db, importId);
  const reason =
    `The import ${STOPPED}: ${imp.totalRows - counts.pending} of ${imp.totalRows} rows were applied. ` +
    'Upload the file again to apply the rest.';
  ctx.log.warn({ importId }, 'bulk import abandoned by its job; marked failed');
  await finishImport(ctx, importId, 'failed', reason, imp.status);
}
