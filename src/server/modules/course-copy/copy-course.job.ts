import { z } from 'zod';
import type PgBoss from 'pg-boss';
import { defineJob, type ServiceContext } from '../../jobs/define';
import { failAbandoned, runCopyJobs } from './copy-execution.service';

const CopyJobPayload = z.object({
  copyJobId: z.number().int().positive(),
  queueJobId: z.uuid(),
});

/** Where pg-boss puts a copy job that failed for good, whatever the cause (error, timeout, shutdown). */
export const copyCourseDeadJob = defineJob({
  name: 'copy.course.dead',
  payload: CopyJobPayload,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  // A killed worker leaves up to a batch of copies: take them together, not one per polling round.
  work: { batchSize: 50 },
  handler: (payload, ctx) => failAbandoned(ctx, payload),
});

/**
 * One course of a copy or child-course request. Retries, backoff and the time limit come from the
 * configuration with each job (COPY_RETRY_*); register copyCourseDeadJob before this one.
 */
export const copyCourseJob = defineJob({
  name: 'copy.course',
  payload: CopyJobPayload,
  queue: {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 300,
    deadLetter: copyCourseDeadJob.name,
  },
  // Batches of 50, copied together: 1,000 queued courses do not wait a polling interval each.
  work: { batchSize: 50, pollingIntervalSeconds: 0.5 },
  // On PostgreSQL four workers per process copy side by side.
  concurrency: 4,
  handler: async (payload, ctx, job) => {
    const [err] = await copyBatch(ctx, [{ payload, job }]);
    if (err) throw err;
  },
  handleBatch: (jobs, ctx) => copyBatch(ctx, jobs),
});

function copyBatch(
  ctx: ServiceContext,
  jobs: { payload: z.infer<typeof CopyJobPayload>; job: PgBoss.JobWithMetadata<unknown> }[],
) {
  return runCopyJobs(
    ctx,
    jobs.map(({ payload, job }) => ({
      payload,
      attempt: { retryCount: job.retryCount, retryLimit: job.retryLimit },
    })),
  );
}
