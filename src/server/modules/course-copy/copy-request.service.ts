import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  COPY_MESSAGES,
  type CopyCoursesBody,
  type CopyValidationResult,
  type CreateChildCourseBody,
  type RetryCopyBody,
} from '../../../shared/contract/course-copy';
import type { copyJobs } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, accessDenied, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type CopyDeps, dispatch } from './copy-dispatch';
import { requestStatus, statusEntry } from './copy-status.service';
import { validateSections } from './copy-validation.service';
import * as q from './course-copy.queries';

type CopyJobRow = typeof copyJobs.$inferSelect;

/** POST copy/: validates every course, records the request and queues one job per course. */
export async function requestCopies(deps: CopyDeps, actor: Actor, body: z.infer<typeof CopyCoursesBody>) {
  const sectionIds = [...new Set(body.courses.map((c) => c.sectionId))];
  const checks = await validateSections(deps.db, actor, deps.config.internalGroupId, {
    organizationId: body.organizationId,
    sectionIds,
    context: 'copy',
  });
  refuseInvalid(
    checks,
    body.courses.map((c) => c.sectionId),
    'courses',
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
        status: 'pending',
        queueJobId: randomUUID(),
      })),
    );
    await audit(tx, actor, {
      action: 'course.copy.request',
      entityType: 'copy_request',
      entityId: request.id,
      institutionId: body.organizationId,
      after: { courses: body.courses.length, sectionIds, sendEmail: body.sendEmail },
    });
    return { request, rows };
  });
  const queued = await dispatch(deps, rows);
  return {
    ...requestStatus(request, queued),
    message: body.courses.length > 1 ? COPY_MESSAGES.copyStartedMany : COPY_MESSAGES.copyStartedOne,
  };
}

/** POST createChildCourse/: a child course of a parent, on the same machinery as a copy. */
export async function requestChildCourse(
  deps: CopyDeps,
  actor: Actor,
  body: z.infer<typeof CreateChildCourseBody>,
) {
  const checks = await validateSections(deps.db, actor, deps.config.internalGroupId, {
    organizationId: body.organizationId,
    sectionIds: [body.parentSectionId],
    context: 'child',
  });
  refuseInvalid(checks, [body.parentSectionId], 'parentSectionId', 'childFailed');

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
        status: 'pending',
        queueJobId: randomUUID(),
      },
    ]);
    await audit(tx, actor, {
      action: 'course.child.request',
      entityType: 'copy_request',
      entityId: request.id,
      institutionId: body.organizationId,
      after: { parentSectionId: body.parentSectionId, courseName: body.courseName },
    });
    return { request, rows };
  });
  const queued = await dispatch(deps, rows);
  return { ...requestStatus(request, queued), message: COPY_MESSAGES.childStarted };
}

/** A refused request names the failing courses: `courses.2.sectionId: 105 This Product is No Longer Available`. */
function refuseInvalid(
  checks: z.infer<typeof CopyValidationResult>[],
  requested: number[],
  field: 'courses' | 'parentSectionId',
  text: keyof typeof COPY_MESSAGES,
) {
  const bySection = new Map(checks.map((c) => [c.sectionId, c]));
  const fields: Record<string, string> = {};
  requested.forEach((sectionId, i) => {
    const c = bySection.get(sectionId);
    if (c && !c.valid) {
      fields[field === 'courses' ? `courses.${i}.sectionId` : field] = `${c.code} ${c.message}`;
    }
  });
  if (Object.keys(fields).length > 0) throw new AppError('error.validation', COPY_MESSAGES[text], fields);
}

/** Retry from the UI: failed courses get a new queue job; the old one, if it ever runs, finds it is not its own. */
export async function retryCopies(deps: CopyDeps, actor: Actor, body: z.infer<typeof RetryCopyBody>) {
  const ids = [...new Set(body.ids)];
  const found = await q.jobsWithRequest(deps.db, ids);
  const byId = new Map(found.map((r) => [r.job.id, r]));
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) throw notFound('Copy');
    if (r.institutionId !== body.organizationId)
      throw accessDenied('This copy belongs to another institution.');
    if (r.job.status !== 'Failed' && r.job.status !== 'FailedPermanently') {
      throw new AppError('error.conflict', `"${r.job.courseName}" has not failed (status ${r.job.status}).`);
    }
  }
  const rows = await deps.db.transaction(async (tx) => {
    const out: CopyJobRow[] = [];
    for (const id of ids) {
      const row = await q.requeueFailed(tx, id, randomUUID());
      if (!row)
        throw new AppError(
          'error.conflict',
          'A course changed status while being retried. Reload and try again.',
        );
      out.push(row);
    }
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
  const queued = await dispatch(deps, rows);
  return { statuses: queued.map(statusEntry) };
}
