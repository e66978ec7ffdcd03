import {
  APPLICATION_ERROR_CODE,
  type CopyStatus,
  copyValidationMessage,
  isFinalCopyStatus,
} from '../../../shared/contract/course-copy';
import { can } from '../../../shared/permissions';
import { ANALYZE_AFTER_ROWS, analyzeTables } from '../../db/analyze';
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../jobs/define';
import { audit } from '../../lib/audit';
import { capabilities } from '../../lib/capabilities';
import { readerLocale } from '../../lib/i18n';
import { queueMail, renderMail } from '../mail';
import { ruleFor } from './copy-validation.service';
import * as q from './course-copy.queries';

export interface CopyJobPayload {
  copyJobId: number;
  /** The queue job that owns the course; a job whose id differs was superseded by a retry. */
  queueJobId: string;
}

export interface Attempt {
  /** 0 on the first attempt of this queue job. */
  retryCount: number;
  retryLimit: number;
}

/** Thrown for failures whose message may be shown to users as the reason. */
export class CopyFailure extends Error {}

/**
 * One attempt at one course. The section is created, and the course marked succeeded with its id,
 * in ONE transaction that first locks the course's row and checks it is still this job's and has
 * no section yet: a retry after a crash, a second worker or a superseded job creates nothing more.
 */
export async function runCopyJob(ctx: ServiceContext, payload: CopyJobPayload, attempt: Attempt) {
  const { db, log } = ctx;
  const claimed = await q.claimCopyJob(db, payload.copyJobId, payload.queueJobId);
  if (!claimed) {
    // Not this job's any more, or final already (e.g. the worker died after the commit).
    const row = await q.findCopyJob(db, payload.copyJobId);
    if (row && row.queueJobId === payload.queueJobId && isFinalCopyStatus(row.status as CopyStatus)) {
      await finishRequestIfDone(ctx, row.requestId);
    }
    return;
  }
  const hooks = ctx.testHooks?.copy;
  try {
    await hooks?.beforeCopy?.(claimed);
    const final = await db.transaction((tx) => copyOnce(tx, ctx, payload));
    if (final !== true) ctx.metrics?.copyOutcome(final);
    await hooks?.afterCommit?.(claimed);
    if (final) await finishRequestIfDone(ctx, claimed.requestId);
  } catch (err) {
    const last = attempt.retryCount >= attempt.retryLimit;
    log.warn(
      { err, copyJobId: payload.copyJobId, attempt: attempt.retryCount + 1 },
      'course copy attempt failed',
    );
    const failed = await q.setOutcome(db, payload.copyJobId, payload.queueJobId, {
      status: last ? 'FailedPermanently' : 'Failed',
      reason: failureReason(err, attempt, last),
      reasonCode: APPLICATION_ERROR_CODE,
    });
    if (failed && last) ctx.metrics?.copyOutcome('FailedPermanently');
    if (last) await finishRequestIfDone(ctx, claimed.requestId);
    throw err; // pg-boss retries it with backoff, or fails it for good after the last attempt
  } finally {
    await hooks?.attemptEnded?.(claimed);
  }
}

function failureReason(err: unknown, attempt: Attempt, last: boolean): string {
  const cause = err instanceof CopyFailure ? err.message : 'an unexpected error stopped the copy';
  const of = `attempt ${attempt.retryCount + 1} of ${attempt.retryLimit + 1}`;
  return last
    ? `The copy failed on its last attempt (${of}): ${cause}. Use Retry to try again.`
    : `The copy failed (${of}): ${cause}. It will be tried again automatically.`;
}

/**
 * The copy itself, inside the transaction. Returns the final status it wrote, or true when the course
 * was final already or is not this job's any more.
 */
async function copyOnce(tx: Db, _ctx: ServiceContext, payload: CopyJobPayload): Promise<CopyStatus | true> {
  const row = await q.lockCopyJob(tx, payload.copyJobId);
  if (!row || row.queueJobId !== payload.queueJobId || row.resultSectionId !== null) return true;
  if (isFinalCopyStatus(row.status as CopyStatus)) return true;
  const { request, institutionActive, requester } = await q.requestContext(tx, row.requestId);
  const child = request.kind === 'child';
  const outcome = (status: CopyStatus, reason: string, reasonCode: number | null) =>
    q.setOutcome(tx, row.id, payload.queueJobId, { status, reason, reasonCode }).then(() => status);

  const source = await q.sourceSection(tx, row.sourceSectionId);
  if (!source || source.section.deletedAt) {
    return outcome(
      'notapplicable',
      child
        ? 'The parent course was removed before the child course could be created.'
        : 'The course to copy was removed before the copy started.',
      null,
    );
  }
  const full = source.section;
  // The rules may have changed since the request: check them again, with the requester's rights now.
  const caps = await capabilities(tx, requester, request.institutionId);
  const mayCopy = requester.status === 'active' && can(caps, 'copyCourses');
  const offered = await q.productsWithActiveOffer(
    tx,
    request.institutionId,
    full.productId ? [full.productId] : [],
  );
  const code = ruleFor({ ...full, ...source }, { active: institutionActive }, mayCopy, offered);
  if (code !== null) {
    return outcome(
      'FailedPermanently',
      `The course can no longer be copied: ${copyValidationMessage(code)}.`,
      code,
    );
  }

  const created = await q.insertSection(tx, {
    institutionId: full.institutionId,
    productId: full.productId,
    parentSectionId: child ? full.id : null,
    courseType: child ? 'child' : 'standalone',
    useType: full.useType,
    courseName: row.courseName,
    description: full.description,
    sectionCode: child ? null : full.sectionCode,
    startDate: row.startDate ?? full.startDate,
    endDate: row.endDate ?? full.endDate,
    censusDuration: full.censusDuration,
    lmsKind: full.lmsKind,
    copiedFromSectionId: full.id,
    createdBy: request.requestedBy,
  });
  await q.copyInstructors(tx, full.id, created.id);
  if (child) await q.makeParent(tx, full.id);
  const done = await q.setOutcome(tx, row.id, payload.queueJobId, {
    status: 'succeeded',
    reason: null,
    reasonCode: null,
    resultSectionId: created.id,
  });
  if (!done) throw new CopyFailure('the course changed while it was being copied'); // rolls the section back
  await audit(
    tx,
    { userId: request.requestedBy },
    {
      action: child ? 'course.child.create' : 'course.copy',
      entityType: 'section',
      entityId: created.id,
      institutionId: request.institutionId,
      after: {
        sourceSectionId: full.id,
        copyJobId: row.id,
        trackingId: row.requestId,
        courseName: row.courseName,
      },
    },
  );
  return 'succeeded';
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
  if (!row || row.queueJobId !== payload.queueJobId || isFinalCopyStatus(row.status as CopyStatus)) return;
  const failed = await q.setOutcome(ctx.db, row.id, payload.queueJobId, {
    status: 'FailedPermanently',
    reason:
      'The copy stopped before it finished (the server stopped or the attempt took too long) and no attempts are left. Use Retry to try again.',
    reasonCode: APPLICATION_ERROR_CODE,
  });
  if (failed) ctx.metrics?.copyOutcome('FailedPermanently');
  if (failed) await finishRequestIfDone(ctx, row.requestId);
}
