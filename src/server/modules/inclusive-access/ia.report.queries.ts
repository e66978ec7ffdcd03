import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, institutions, sections, users } from '../../db/schema';
import { live, type PeriodFilter, periodCondition } from '../courses';

export const REPORT_BATCH = 2000;

export async function institutionCensus(db: Db, institutionId: number) {
  const [row] = await db
    .select({
      id: institutions.id,
      displayName: institutions.displayName,
      censusDuration: institutions.censusDuration,
      offerType: institutions.offerType,
    })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row;
}

/**
 * One batch of an institution's enrollments (live courses of the period) with what the billable
 * rule reads: the course's census, the enrollment's role, whether the user is also on the course's
 * instructor list, and whether a late override changed it.
 */
export async function reportBatch(
  db: Db,
  institutionId: number,
  period: PeriodFilter,
  today: string,
  after: number | null,
) {
  return db
    .select({
      enrollmentId: enrollments.id,
      sectionId: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      startDate: sections.startDate,
      censusDuration: sections.censusDuration,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
      courseRole: enrollments.courseRole,
      optStatus: enrollments.optStatus,
      optDecidedAt: enrollments.optDecidedAt,
      droppedAt: enrollments.droppedAt,
      dropCause: enrollments.dropCause,
      accessType: enrollments.accessType,
      accessEndsAt: enrollments.accessEndsAt,
      currentAccess: enrollments.currentAccess,
      remindedAt: enrollments.remindedAt,
      onInstructorList: sql<boolean>`exists (select 1 from section_instructors si
        where si.section_id = ${enrollments.sectionId} and si.user_id = ${enrollments.userId})`,
      lateOverride: sql<boolean>`exists (select 1 from opt_status_changes c
        where c.enrollment_id = ${enrollments.id} and c.late)`,
    })
    .from(enrollments)
    .innerJoin(sections, eq(sections.id, enrollments.sectionId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      and(
        eq(sections.institutionId, institutionId),
        live,
        periodCondition(period, today),
        after === null ? undefined : gt(enrollments.id, after),
      ),
    )
    .orderBy(asc(enrollments.id))
    .limit(REPORT_BATCH);
}
export type ReportRow = Awaited<ReturnType<typeof reportBatch>>[number];
