import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { applyImport } from './apply';
import { buildPreview } from './preview';

/** Parses an uploaded spreadsheet into its dry-run preview (off the request path). */
export const parseImportJob = defineJob({
  name: 'bulkAccounts.parse',
  payload: z.object({ importId: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 5 },
  handler: ({ importId }, ctx, job) => buildPreview(ctx, importId, job.retryCount >= job.retryLimit),
});

/** Applies a committed import row by row, with progress; a retry continues where it stopped. */
export const applyImportJob = defineJob({
  name: 'bulkAccounts.apply',
  payload: z.object({ importId: z.uuid() }),
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
  handler: ({ importId }, ctx) => applyImport(ctx, importId),
});
