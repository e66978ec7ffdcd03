import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textArray } from '../../db/sql-arrays';
import { enrollments, institutions, optOutChanges, optOutFiles, sections, users } from '../../db/schema';
import { executeRows } from '../../db/execute';

/**
 * Student enrollments in the institution's live sections of students named by e-mail or username
 * (lower-cased), with what a drop changes (kept for the revert).
 */
export async function candidateEnrollments(db: Db, institutionId: number, students: string[]) {
  if (students.length === 0) return [];
  const list = textArray(students);
  return db
    .select({
      enrollmentId: enrollments.id,
      optStatus: enrollments.optStatus,
      email: sql<string>`lower(${users.email})`,
      username: sql<string>`lower(${users.username})`,
      sectionId: sections.id,
      sectionCode: sql<string | null>`lower(${sections.sectionCode})`,
      endDate: sections.endDate,
      startDate: sections.startDate,
      censusDuration: sections.censusDuration,
      institutionCensusDuration: institutions.censusDuration,
      droppedAt: enrollments.droppedAt,
      accessEndsAt: enrollments.accessEndsAt,
      optDecidedAt: enrollments.optDecidedAt,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(sections, eq(sections.id, enrollments.sectionId))
    .innerJoin(institutions, eq(institutions.id, sections.institutionId))
    .where(
      and(
        eq(sections.institutionId, institutionId),
        isNull(sections.deletedAt),
        eq(enrollments.courseRole, 'student'),
        sql`(lower(${users.email}) = any(${list}) or lower(${users.username}) = any(${list}))`,
      ),
    );
}

export async function insertFile(db: Db, values: typeof optOutFiles.$inferInsert) {
  const [row] = await db
    .insert(optOutFiles)
    .values(values)
    .returning({ id: optOutFiles.id, createdAt: optOutFiles.createdAt });
  return row;
}

export async function insertChanges(db: Db, rows: (typeof optOutChanges.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(optOutChanges).values(rows.slice(i, i + 2000));
}

export async function setOptStatus(db: Db, enrollmentIds: number[], optStatus: string) {
  for (let i = 0; i < enrollmentIds.length; i += 5000) {
    await db
      .update(enrollments)
      .set({ optStatus })
      .where(inArray(enrollments.id, enrollmentIds.slice(i, i + 5000)));
  }
}

const summaryColumns = {
  fileId: optOutFiles.id,
  institutionId: optOutFiles.institutionId,
  fileName: optOutFiles.fileName,
  report: optOutFiles.report,
  uploadedBy: users.username,
  createdAt: optOutFiles.createdAt,
  deletedAt: optOutFiles.deletedAt,
};

export async function fileRow(db: Db, fileId: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(optOutFiles)
    .innerJoin(users, eq(users.id, optOutFiles.uploadedBy))
    .where(eq(optOutFiles.id, fileId));
  return row;
}

export async function liveFiles(db: Db, institutionId: number) {
  return db
    .select(summaryColumns)
    .from(optOutFiles)
    .innerJoin(users, eq(users.id, optOutFiles.uploadedBy))
    .where(and(eq(optOutFiles.institutionId, institutionId), isNull(optOutFiles.deletedAt)))
    .orderBy(desc(optOutFiles.createdAt), asc(optOutFiles.id))
    .limit(200);
}

/** A change row that changed something: the opt status, or a drop. */
const changedSomething = sql`(${optOutChanges.previousOptStatus} <> ${optOutChanges.newOptStatus}
  or ${optOutChanges.droppedAt} is not null)`;

/**
 * Reverts what a file changed: an enrollment goes back to its previous opt status when it still
 * has the status the file gave it and no other live file gave it that status too. A drop the file
 * made (through dropEnrollment) is undone with it — no longer dropped, its access end and opt
 * decision as before — when it is still that drop and no other live file opts the student out.
 */
export async function revertFile(db: Db, fileId: number) {
  const reverted = await executeRows<{ id: number }>(
    db,
    sql`
    update enrollments e set opt_status = c.previous_opt_status,
      dropped_at = case when c.dropped_at is null then e.dropped_at end,
      drop_cause = case when c.dropped_at is null then e.drop_cause end,
      access_ends_at = case when c.dropped_at is null then e.access_ends_at else c.previous_access_ends_at end,
      opt_decided_at = case when c.dropped_at is null then e.opt_decided_at else c.previous_opt_decided_at end
    from opt_out_changes c
    where c.file_id = ${fileId} and c.enrollment_id = e.id
      and (c.previous_opt_status <> c.new_opt_status or c.dropped_at is not null)
      and e.opt_status = c.new_opt_status
      and (c.dropped_at is null or (e.dropped_at = c.dropped_at and e.drop_cause = 'optOutFile'))
      and not exists (
        select 1 from opt_out_changes c2 join opt_out_files f2 on f2.id = c2.file_id
        where c2.enrollment_id = e.id and c2.file_id <> ${fileId}
          and f2.deleted_at is null and c2.new_opt_status = e.opt_status
          and (c.dropped_at is null or e.opt_status = 'optout'))
    returning e.id`,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(optOutChanges)
    .where(and(eq(optOutChanges.fileId, fileId), changedSomething));
  return { reverted: reverted.length, changed: n };
}

export async function markDeleted(db: Db, fileId: number) {
  const rows = await db
    .update(optOutFiles)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(optOutFiles.id, fileId), isNull(optOutFiles.deletedAt)))
    .returning({ id: optOutFiles.id });
  return rows.length > 0;
}
