import {
  APPLICATION_ERROR_CODE,
  type CopyStatus,
  isFinalCopyStatus,
} from '../../../shared/contract/course-copy';
import { ANALYZE_AFTER_ROWS, analyzeTables } from '../../db/analyze';
import type { ServiceContext } from '../../jobs/define';
import { readerLocale } from '../../lib/i18n';
import { queueMail, renderMail } from '../mail';
import * as b from './copy-batch.queries';
import { CopyFailure, copyTogether } from './copy-together.service';
import * as q from './course-copy.queries';

/** The queue job that owns the course; a job whose id differs was superseded by a retry. */
export type CopyJobPayload = b.CopyOwner;

export interface Attempt {
  /** 0 on the first attempt of this queue job. */
  retryCount: number;
  retryLimit: number;
}

/** One job of a worker's batch: the course it owns and which attempt this is. */
export interface CopyAttempt {
  payload: CopyJobPayload;
  attempt: Attempt;
}

/**
 * A worker's batch of courses. Each course is claimed (processing, one more attempt); then, request by
 * request, the request's courses are copied in ONE transaction (`copyTogether`) and the request is
 * finished if it is done. When that transaction fails, each of its courses is copied in a transaction
 * of its own, so a failing course fails only its own job. Returns each job's error (undefined when the
 * job is done), in the batch's order: pg-boss retries a job that has one.
 */
export async function runCopyJobs(ctx: ServiceContext, items: CopyAttempt[]): Promise<unknown[]> {
  if (items.length === 0) return [];
  const hooks = ctx.testHooks?.copy;
  const errors: unknown[] = items.map(() => undefined);
  const claimed = await b.claimCopyJobs(
    ctx.db,
    items.map((i) => i.payload),
  );
  const settled = new Set<string>(); // requests with a course that became final
  const byRequest = new Map<string, number[]>();
  for (const [i, { payload }] of items.entries()) {
    const row = claimed.get(payload.copyJobId);
    if (!row) {
      // Not this job's any more, or final already (e.g. the worker died after the commit).
      const done = await q.findCopyJob(ctx.db, payload.copyJobId);
      if (done?.queueJobId === payload.queueJobId && isFinalCopyStatus(done.status as CopyStatus))
        settled.add(done.requestId);
      continue;
    }
    try {
      await hooks?.beforeCopy?.(row);
      byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), i]);
    } catch (err) {
      errors[i] = err;
      if (await recordFailure(ctx, items[i], err)) settled.add(row.requestId);
    }
  }
  for (const requestId of settled) if (!byRequest.has(requestId)) await finishRequestIfDone(ctx, requestId);
  // The oldest request first: courses are copied in the order they were asked for.
  const requests = [...byRequest].sort(
    ([, a], [, b]) => items[a[0]].payload.copyJobId - items[b[0]].payload.copyJobId,
  );
  for (const [requestId, indexes] of requests) {
    const together = await copyAllOrNothing(
      ctx,
      indexes.map((i) => items[i].payload),
    );
    for (const i of indexes) {
      const { payload } = items[i];
      try {
        const final =
          together?.get(payload.copyJobId) ??
          (await ctx.db.transaction((tx) => copyTogether(tx, [payload]))).get(payload.copyJobId)!;
        if (final !== true) ctx.metrics?.copyOutcome(final);
        await hooks?.afterCommit?.(claimed.get(payload.copyJobId)!);
      } catch (err) {
        errors[i] = await recordFailure(ctx, items[i], err).then(() => err);
      }
    }
    await finishRequestIfDone(ctx, requestId);
  }
  for (const row of claimed.values()) await hooks?.attemptEnded?.(row);
  return errors;
}

/** The courses copied in one transaction, or undefined when it failed (each is then tried alone). */
async function copyAllOrNothing(ctx: ServiceContext, owners: CopyJobPayload[]) {
  if (owners.length < 2) return undefined;
  try {
    return await ctx.db.transaction((tx) => copyTogether(tx, owners));
  } catch (err) {
    ctx.log.warn({ err, courses: owners.length }, 'course copies failed together; copying them one by one');
    return undefined;
  }
}

/** Records a failed attempt (Failed, or FailedPermanently on the last); true when the course is final now. */
async function recordFailure(ctx: ServiceContext, { payload, attempt }: CopyAttempt, err: unknown) {
  const last = attempt.retryCount >= attempt.retryLimit;
  ctx.log.warn(
    { err, copyJobId: payload.copyJobId, attempt: attempt.retryCount + 1 },
    'course copy attempt failed',
  );
  const failed = await q.setOutcome(ctx.db, payload.copyJobId, payload.queueJobId, {
    status: last ? 'FailedPermanently' : 'Failed',
    reason: failureReason(err, attempt, last),
    reasonCode: APPLICATION_ERROR_CODE,
  });
  if (failed && last) ctx.metrics?.copyOutcome('FailedPermanently');
  return last;
}

function failureReason(err: unknown, attempt: Attempt, last: boolean): string {
  const cause = err instanceof CopyFailure ? err.message : 'an unexpected error stopped the copy';
  const of = `attempt ${attempt.retryCount + 1} of ${attempt.retryLimit + 1}`;
  return last
    ? `The copy failed on its last attempt (${of}): ${cause}. Use Retry to try again.`
    : `The copy failed (${of}): ${cause}. It will be tried again automatically.`;
}

/** When every course of the request is final: mark it finished (once) and e-mail the requester if asked. */
export async function finishRequestIfDone(
  ctx: Pick<ServiceContext, 'db' | 'jobs' | 'config'>,
  requestId: string,
) {
  if (await q.hasOpenJobs(ctx.db, requestId)) return;
  // One transaction: a request is never marked finished without its e-mail queued.
  const finished = await ctx.db.transaction(async (tx) => {
    const request = await q.finishRequest(tx, requestId);
    if (!request?.sendEmail) return !!request;
    const user = await q.findUser(tx, request.requestedBy);
    if (!user) return;
    const rows = await q.jobsOfRequests(tx, [requestId]);
    await queueMail(
      tx,
      ctx.jobs,
      renderMail('copyFinished', readerLocale(user.locale), user.email, {
        kind: request.kind === 'child' ? 'child' : 'copy',
        trackingId: requestId,
        rows,
        link: `${ctx.config.publicUrl}/institution`,
      }),
    );
    return true;
  });
  // A large batch of new sections: statistics now, so the course list plans for them at once.
  if (finished && (await q.succeededCount(ctx.db, requestId)) >= ANALYZE_AFTER_ROWS)
    await analyzeTables(ctx.db, ['sections', 'section_instructors', 'copy_jobs']);
}

/** A course whose last attempt died (the worker stopped or the attempt timed out) is failed for good here. */
export async function failAbandoned(ctx: ServiceContext, payload: CopyJobPayload) {
  const row = await q.findCopyJob(ctx.db, payload.copyJobId);
  if (!row || row.queueJobId !== payload.queueJobId) return;
  // Copied, but the worker died before it finished the request: finish it here.
  if (isFinalCopyStatus(row.status as CopyStatus)) return finishRequestIfDone(ctx, row.requestId);
  const failed = await q.setOutcome(ctx.db, row.id, payload.queueJobId, {
    status: 'FailedPermanently',
    reason:
      'The copy stopped before it finished (the server stopped or the attempt took too long) and no attempts are left. Use Retry to try again.',
    reasonCode: APPLICATION_ERROR_CODE,
  });
  if (failed) ctx.metrics?.copyOutcome('FailedPermanently');
  if (failed) await finishRequestIfDone(ctx, row.requestId);
}
