import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { copyJobs } from '../../db/schema';
import type { JobSender } from '../../jobs/define';
import { copyCourseJob } from './copy-course.job';
import * as q from './course-copy.queries';

type CopyJobRow = typeof copyJobs.$inferSelect;

export interface CopyDeps {
  db: Db;
  jobs: JobSender;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Queues the courses' jobs, in the transaction `tx` that wrote their rows when given (a request,
 * a retry), so a course is never recorded without its job. Each job id was chosen when its row
 * was written, so sending twice queues once.
 */
export async function queueCopyJobs(
  deps: Pick<CopyDeps, 'jobs' | 'config'>,
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

/**
 * The sweep's half: queues courses left `pending` (rows written before requests queued their jobs
 * in the same transaction) and moves them to notstarted; if the queue cannot be reached they stay
 * pending for the next sweep.
 */
export async function dispatch(deps: CopyDeps, rows: CopyJobRow[]): Promise<CopyJobRow[]> {
  const withIds = rows.filter((r): r is CopyJobRow & { queueJobId: string } => !!r.queueJobId);
  try {
    await queueCopyJobs(deps, withIds);
  } catch (err) {
    deps.log.error(
      { err, courses: rows.length },
      'copy jobs not queued yet; the dispatch sweep will queue them',
    );
    return rows;
  }
  await q.markQueued(
    deps.db,
    withIds.map((r) => r.id),
  );
  return rows.map((r) => (r.status === 'pending' ? { ...r, status: 'notstarted' } : r));
}
