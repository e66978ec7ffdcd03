import type { z } from 'zod';
import type {
  CopyRequestStatus,
  CopyRequestsQuery,
  CopyStatus,
  CopyStatusEntry,
  CopyStatusQuery,
} from '../../../shared/contract/course-copy';
import type { Db } from '../../db/client';
import type { copyJobs, copyRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import * as q from './course-copy.queries';

type RequestRow = typeof copyRequests.$inferSelect;
type JobRow = typeof copyJobs.$inferSelect;

/** Recent requests listed at most. */
const RECENT_LIMIT = 20;

export function statusEntry(row: JobRow): z.infer<typeof CopyStatusEntry> {
  return {
    id: row.id,
    trackingId: row.requestId,
    sourceSectionId: row.sourceSectionId,
    sectionId: row.resultSectionId,
    courseName: row.courseName,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status as CopyStatus,
    reason: row.reason,
    reasonCode: row.reasonCode,
    attempts: row.attempts,
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function requestStatus(request: RequestRow, rows: JobRow[]): z.infer<typeof CopyRequestStatus> {
  return {
    trackingId: request.id,
    kind: request.kind === 'child' ? 'child' : 'copy',
    sendEmail: request.sendEmail,
    createdAt: request.createdAt.toISOString(),
    finished: request.finishedAt !== null,
    finishedAt: request.finishedAt?.toISOString() ?? null,
    statuses: rows.map(statusEntry),
  };
}

/** GET copy/status/: each course of one request, with a reason for every failure. */
export async function copyStatus(db: Db, _actor: Actor, query: z.infer<typeof CopyStatusQuery>) {
  const request = await q.findRequest(db, query.trackingId);
  // Another institution's request is reported as unknown: its tracking id reveals nothing.
  if (!request || request.institutionId !== query.organizationId) throw notFound('Copy');
  return requestStatus(request, await q.jobsOfRequests(db, [request.id]));
}

/** The caller's requests in the institution within the last hours, newest first. */
export async function recentCopyRequests(db: Db, actor: Actor, query: z.infer<typeof CopyRequestsQuery>) {
  const since = new Date(Date.now() - query.hours * 3_600_000);
  const requests = await q.recentRequests(db, actor.userId, query.organizationId, since, RECENT_LIMIT);
  const jobs = await q.jobsOfRequests(
    db,
    requests.map((r) => r.id),
  );
  return {
    requests: requests.map((r) =>
      requestStatus(
        r,
        jobs.filter((j) => j.requestId === r.id),
      ),
    ),
  };
}
