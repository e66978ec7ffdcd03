import { z } from 'zod';
import { LOCALES } from '../../../shared/constants';
import { defineJob } from '../../jobs/define';
import { failAbandonedImport } from './abandoned';
import { applyImport } from './apply';
import { buildPreview } from './preview';

const ImportPayload = z.object({ importId: z.uuid() });
/** The committing administrator's language: the new accounts' (their set-up e-mails) until they choose one. */
const ApplyPayload = ImportPayload.extend({ locale: z.enum(LOCALES).optional() });

/** Where pg-boss puts a parse or apply job that failed for good (an error, a killed worker, its time limit). */
export const importDeadJob = defineJob({
  name: 'bulkAccounts.dead',
  payload: ImportPayload,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  handler: ({ importId }, ctx) => failAbandonedImport(ctx, importId),
});

/** Parses an uploaded spreadsheet into its dry-run preview (off the request path). */
export const parseImportJob = defineJob({
  name: 'bulkAccounts.parse',
  payload: ImportPayload,
  queue: { retryLimit: 2, retryDelay: 5, deadLetter: importDeadJob.name },
  handler: ({ importId }, ctx, job) => buildPreview(ctx, importId, job.retryCount >= job.retryLimit),
});

/**
 * Applies a committed import row by row, with progress; a retry continues where it stopped. Each
 * job carries its time limit (BULK_IMPORT_JOB_TIMEOUT_SECONDS). Register importDeadJob first.
 */
export const applyImportJob = defineJob({
  name: 'bulkAccounts.apply',
  payload: ApplyPayload,
  queue: {
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 3600,
    deadLetter: importDeadJob.name,
  },
  handler: ({ importId, locale }, ctx) => applyImport(ctx, importId, locale),
});
