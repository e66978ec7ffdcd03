import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  APPLICATION_ERROR_CODE,
  COPY_MESSAGES,
  type CopyCoursesBody,
  type CopyValidationResult,
  type CreateChildCourseBody,
  type RetryCopyBody,
} from '../../../shared/contract/course-copy';
import type { copyJobs } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../jobs/define';
import { queueCopyJobs } from './copy-dispatch';
import { requestStatus, statusEntry } from './copy-status.service';
import { validateSections } from './copy-validation.service';
import * as q from './course-copy.queries';

type CopyJobRow = typeof copyJobs.$inferSelect;

/** POST copy/: validates every course, records the request and queues one job per course. */
export async function requestCopies(
  deps: ServiceContext,
  actor: Actor,
  body: z.infer<typeof CopyCoursesBody>,
) {
  const sectionIds = [...new Set(body.courses.map((c) => c.sectionId))];
  const checks = await validateSections(deps.db, actor, {
    organizationId: body.organizationId,
    sectionIds,
    context: 'copy',
  });
  refuseInvalid(
    checks,
    body.courses.map((c) => c.sectionId),
    body.courses.length > 1 ? 'copyFailedMany' : 'copyFailedOne',
  );

  const { request, rows } = await deps.db.transaction(async (tx) => {
    const request = await q.insertRequest(tx, {
      kind: 'copy',
      institutionId: body.organizationId,
      requestedBy: actor.userId,
      sendEmail: body.sendEmail,
    });
    const rows = await q.insertCopyJobs(
      tx,
      body.courses.map((c) => ({
        requestId: request.id,
        sourceSectionId: c.sectionId,
        courseName: c.courseName,
        startDate: c.startDate,
        endDate: c.endDate,
        status: 'notstarted',
        queueJobId: randomUUID(),
      })),
    );
    await queueCopyJobs(deps, rows, tx);
    await audit(tx, actor, {
      action: 'course.copy.request',
      entityType: 'copy_request',
      entityId: request.id,
      institutionId: body.organizationId,
      after: { courses: body.courses.length, sectionIds, sendEmail: body.sendEmail },
    });
    return { request, rows };
  });
  return {
    ...requestStatus(request, rows),
    message: body.courses.length > 1 ? COPY_MESSAGES.copyStartedMany : COPY_MESSAGES.copyStartedOne,
  };
}

/** POST createChildCourse/: a child course of a parent, on the same machinery as a copy. */
export async function requestChildCourse(
  deps: ServiceContext,
  actor: Actor,
  body: z.infer<typeof CreateChildCourseBody>,
) {
  const checks = await validateSections(deps.db, actor, {
    organizationId: body.organizationId,
    sectionIds: [body.parentSectionId],
    context: 'child',
  });
  refuseInvalid(checks, [body.parentSectionId], 'childFailed');

  const { request, rows } = await deps.db.transaction(async (tx) => {
    const request = await q.insertRequest(tx, {
      kind: 'child',
      institutionId: body.organizationId,
      requestedBy: actor.userId,
      sendEmail: body.sendEmail,
    });
    const rows = await q.insertCopyJobs(tx, [
      {
        requestId: request.id,
        sourceSectionId: body.parentSectionId,
        courseName: body.courseName,
        startDate: body.startDate,
        endDate: body.endDate,
        status: 'notstarted',
        queueJobId: randomUUID(),
      },
    ]);
    await queueCopyJobs(deps, rows, tx);
    await audit(tx, actor, {
      action: 'course.child.request',
      entityType: 'copy_request',
      entityId: request.id,
      institutionId: body.organizationId,
      after: { parentSectionId: body.parentSectionId, courseName: body.courseName },
    });
    return { request, rows };
  });
  return { ...requestStatus(request, rows), message: COPY_MESSAGES.childStarted };
}

/**
 * A refused request: 422 with the spec's copy-failed text as description and, per refused section,
 * `{ sectionId, code }` (codes 101-107, 160+) that the UI shows in the user's language.
 */
/** The code of each refused-copy answer: its catalog text is the COPY_MESSAGES text. */
const COPY_REFUSED = {
  copyFailedOne: 'error.copyRefusedOne',
  copyFailedMany: 'error.copyRefusedMany',
  childFailed: 'error.childCopyRefused',
} as const;

function refuseInvalid(
  checks: z.infer<typeof CopyValidationResult>[],
  requested: number[],
  text: keyof typeof COPY_REFUSED,
) {
  const bySection = new Map(checks.map((c) => [c.sectionId, c]));
  const refused = [...new Set(requested)].flatMap((sectionId) => {
    const c = bySection.get(sectionId);
    return c && !c.valid ? [{ sectionId, code: c.code ?? APPLICATION_ERROR_CODE }] : [];
  });
  if (refused.length > 0) throw new AppError(COPY_REFUSED[text], COPY_MESSAGES[text], undefined, refused);
}

/** Retry from the UI: failed courses get a new queue job; the old one, if it ever runs, finds it is not its own. */
export async function retryCopies(deps: ServiceContext, actor: Actor, body: z.infer<typeof RetryCopyBody>) {
  const ids = [...new Set(body.ids)];
  const byId = new Map((await q.copyJobsByIds(deps.db, ids)).map((job) => [job.id, job]));
  for (const id of ids) {
    const job = byId.get(id);
    if (!job) throw notFound('Copy');
    if (job.status !== 'Failed' && job.status !== 'FailedPermanently') {
      throw new AppError(
        'error.copyNotFailed',
        `"${job.courseName}" has not failed (status ${job.status}).`,
        undefined,
        undefined,
        { name: job.courseName, status: job.status },
      );
    }
  }
  const rows = await deps.db.transaction(async (tx) => {
    const out: CopyJobRow[] = [];
    for (const id of ids) {
      const row = await q.requeueFailed(tx, id, randomUUID());
      if (!row)
        throw new AppError(
          'error.copyStatusChanged',
          'A course changed status while being retried. Reload and try again.',
        );
      out.push(row);
    }
    await queueCopyJobs(deps, out, tx);
    await q.reopenRequests(tx, [...new Set(out.map((r) => r.requestId))]);
    await q.forgetCopyAcknowledgements(tx, ids);
    await audit(tx, actor, {
      action: 'course.copy.retry',
      entityType: 'copy_job',
      entityId: ids.join(',').slice(0, 200),
      institutionId: body.organizationId,
      after: { ids },
    });
    return out;
  });
  return { statuses: rows.map(statusEntry) };
}
