import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  enrollments,
  institutions,
  optStatusChanges,
  sectionInstructors,
  sections,
  users,
} from '../../db/schema';

/** A course with what its opt window needs: its dates and census, its institution's census and offer type. */
export async function courseContext(db: Db, sectionId: number) {
  const [row] = await db
    .select({
      sectionId: sections.id,
      courseName: sections.courseName,
      institutionId: sections.institutionId,
      startDate: sections.startDate,
      censusDuration: sections.censusDuration,
      institutionCensusDuration: institutions.censusDuration,
      offerType: institutions.offerType,
    })
    .from(sections)
    .innerJoin(institutions, eq(institutions.id, sections.institutionId))
    .where(and(eq(sections.id, sectionId), sql`${sections.deletedAt} is null`));
  return row;
}

export async function instructorIds(db: Db, sectionId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: sectionInstructors.userId })
    .from(sectionInstructors)
    .where(eq(sectionInstructors.sectionId, sectionId));
  return new Set(rows.map((r) => r.userId));
}

/** One enrollment with its student (for the row actions), locked for the change. */
export async function enrollmentForUpdate(db: Db, enrollmentId: number) {
  const [row] = await db
    .select({
      id: enrollments.id,
      sectionId: enrollments.sectionId,
      userId: enrollments.userId,
      courseRole: enrollments.courseRole,
      optStatus: enrollments.optStatus,
      accessType: enrollments.accessType,
      accessEndsAt: enrollments.accessEndsAt,
      droppedAt: enrollments.droppedAt,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(eq(enrollments.id, enrollmentId))
    .for('update', { of: enrollments });
  return row;
}

export async function updateEnrollment(
  db: Db,
  enrollmentId: number,
  values: Partial<typeof enrollments.$inferInsert>,
) {
  await db.update(enrollments).set(values).where(eq(enrollments.id, enrollmentId));
}

export async function insertOptChange(db: Db, row: typeof optStatusChanges.$inferInsert) {
  await db.insert(optStatusChanges).values(row);
}
