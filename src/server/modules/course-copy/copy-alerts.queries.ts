import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { FINAL_COPY_STATUSES } from '../../../shared/contract/course-copy';
import type { Db } from '../../db/client';
import { alertAcknowledgements, copyJobs, copyRequests, sections } from '../../db/schema';

/** Most copy-status alerts returned (newest first). */
const MAX_ALERTS = 2000;

/**
 * Copy-status alerts of a user in an institution: their courses that reached a final status
 * (succeeded, notapplicable, FailedPermanently) and that they have not acknowledged.
 */
export async function unacknowledgedCopyAlerts(db: Db, userId: number, institutionId: number) {
  return db
    .select({
      id: copyJobs.id,
      sectionId: sql<number>`coalesce(${copyJobs.resultSectionId}, ${copyJobs.sourceSectionId})`,
      courseName: copyJobs.courseName,
      sectionCode: sections.sectionCode,
      // rows written before finished_at existed (or by the demo seed) fall back to their last change
      createdDate: sql<Date>`coalesce(${copyJobs.finishedAt}, ${copyJobs.updatedAt})`.mapWith(
        copyJobs.updatedAt,
      ),
      status: copyJobs.status,
    })
    .from(copyJobs)
    .innerJoin(copyRequests, eq(copyRequests.id, copyJobs.requestId))
    .leftJoin(sections, eq(sections.id, copyJobs.sourceSectionId))
    .where(
      and(
        eq(copyRequests.requestedBy, userId),
        eq(copyRequests.institutionId, institutionId),
        inArray(copyJobs.status, [...FINAL_COPY_STATUSES]),
        sql`not exists (select 1 from ${alertAcknowledgements} a where a.user_id = ${userId}
              and a.alert_kind = 'copy' and a.alert_id = ${copyJobs.id})`,
      ),
    )
    .orderBy(desc(sql`coalesce(${copyJobs.finishedAt}, ${copyJobs.updatedAt})`), desc(copyJobs.id))
    .limit(MAX_ALERTS);
}

/** Who may acknowledge each copy-status alert: its requester. */
export async function copyAlertOwners(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: copyJobs.id, requestedBy: copyRequests.requestedBy })
    .from(copyJobs)
    .innerJoin(copyRequests, eq(copyRequests.id, copyJobs.requestId))
    .where(inArray(copyJobs.id, ids));
}
