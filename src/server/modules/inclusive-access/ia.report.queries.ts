import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, institutions, sections, users } from '../../db/schema';
import { live, type PeriodFilter, periodCondition } from '../courses';

/** Courses read per batch (their enrollments come together, through the enrollments' section index). */
export const REPORT_SECTIONS = 200;

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

/** The next live courses of the institution and period after a course id, in id order. */
export async function reportSections(
  db: Db,
  institutionId: number,
  period: PeriodFilter,
  today: string,
  after: number | null,
): Promise<number[]> {
  const rows = await db
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        live,
        periodCondition(period, today),
        after === null ? undefined : gt(sections.id, after),
      ),
    )
    .orderBy(asc(sections.id))
    .limit(REPORT_SECTIONS);
  return rows.map((r) => r.id);
}

/**
 * The enrollments of some courses, course by course, with what the billable rule reads: the
 * course's census, the enrollment's role, whether the user is also on the course's instructor
 * list, and whether a late override changed it.
 */
export async function reportBatch(db: Db, sectionIds: number[]) {
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
    .where(inArray(enrollments.sectionId, sectionIds))
    .orderBy(asc(enrollments.sectionId), asc(enrollments.id));
}
