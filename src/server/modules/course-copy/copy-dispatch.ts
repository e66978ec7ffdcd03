import type { Db } from '../../db/client';
import type { copyJobs } from '../../db/schema';
import type { ServiceContext } from '../../jobs/define';
import { copyCourseJob } from './copy-course.job';

type CopyJobRow = typeof copyJobs.$inferSelect;

/**
 * Queues the courses' jobs, in the transaction `tx` that wrote their rows when given (a request,
 * a retry), so a course is never recorded without its job. Each job id was chosen when its row
 * was written, so sending twice queues once.
 */
export async function queueCopyJobs(
  deps: Pick<ServiceContext, 'jobs' | 'config'>,
  rows: CopyJobRow[],
  tx?: Db,
): Promise<void> {
  const { retryLimit, retryDelay, retryDelayMax, expireInSeconds } = deps.config.copyJobs;
  const withIds = rows.filter((r): r is CopyJobRow & { queueJobId: string } => !!r.queueJobId);
  await deps.jobs.sendMany(
    copyCourseJob,
    withIds.map((r) => ({
      payload: { copyJobId: r.id, queueJobId: r.queueJobId },
      options: {
        id: r.queueJobId,
        retryLimit,
        retryDelay,
        retryBackoff: true,
        retryDelayMax,
        expireInSeconds,
      },
    })),
    tx,
  );
}
