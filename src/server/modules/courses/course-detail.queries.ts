import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  institutions,
  lmsCoursePairings,
  memberships,
  products,
  sectionInstructors,
  sections,
  users,
} from '../../db/schema';
import { courseRowColumns, live } from './course-list.queries';

/** A live section with everything the detail views show. */
export async function courseDetailRow(db: Db, sectionId: number) {
  const [row] = await db
    .select({
      ...courseRowColumns,
      institutionName: institutions.displayName,
      description: sections.description,
      isbn: products.isbn,
      urn: products.urn,
      customCourseId: sections.customCourseId,
      lmsKind: sections.lmsKind,
      copiedFromSectionId: sections.copiedFromSectionId,
      createdAt: sections.createdAt,
      updatedAt: sections.updatedAt,
    })
    .from(sections)
    .innerJoin(institutions, eq(institutions.id, sections.institutionId))
    .leftJoin(products, eq(products.id, sections.productId))
    .where(and(eq(sections.id, sectionId), live));
  return row;
}

/** Instructors and TAs of a section, instructors first. */
export async function instructorsOf(db: Db, sectionId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: sectionInstructors.role,
    })
    .from(sectionInstructors)
    .innerJoin(users, eq(users.id, sectionInstructors.userId))
    .where(eq(sectionInstructors.sectionId, sectionId))
    .orderBy(sql`${sectionInstructors.role} = 'ta'`, asc(users.lastName), asc(users.firstName));
}

/** Which of these users belong to the institution (any membership other than student). */
export async function staffMembersAmong(
  db: Db,
  institutionId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.institutionId, institutionId),
        inArray(memberships.userId, userIds),
        sql`${memberships.courseRole} <> 'student'`,
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Whether a pairing belongs to the section. */
export async function pairingOfSection(db: Db, pairingId: number, sectionId: number) {
  const [row] = await db
    .select({ id: lmsCoursePairings.id })
    .from(lmsCoursePairings)
    .where(and(eq(lmsCoursePairings.id, pairingId), eq(lmsCoursePairings.sectionId, sectionId)));
  return row;
}

export type SectionEdit = Pick<
  typeof sections.$inferInsert,
  'courseName' | 'description' | 'sectionCode' | 'startDate' | 'endDate' | 'customCourseId' | 'lmsKind'
>;

/** Updates a live section if its version still matches; the new row, or undefined on a stale version. */
export async function updateSectionIfVersion(
  db: Db,
  sectionId: number,
  version: number,
  values: SectionEdit,
) {
  const [row] = await db
    .update(sections)
    .set({ ...values, version: sql`${sections.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sections.id, sectionId), eq(sections.version, version), live))
    .returning({ id: sections.id });
  return row;
}

export async function sectionSnapshot(db: Db, sectionId: number) {
  const [row] = await db.select().from(sections).where(eq(sections.id, sectionId));
  return row;
}

export async function replaceInstructors(
  db: Db,
  sectionId: number,
  list: { userId: number; role: string }[],
) {
  await db.delete(sectionInstructors).where(eq(sectionInstructors.sectionId, sectionId));
  if (list.length) await db.insert(sectionInstructors).values(list.map((i) => ({ sectionId, ...i })));
  await db
    .update(sections)
    .set({ version: sql`${sections.version} + 1`, updatedAt: sql`now()` })
    .where(eq(sections.id, sectionId));
}

export async function liveChildCount(db: Db, sectionId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sections)
    .where(and(eq(sections.parentSectionId, sectionId), live));
  return row.n;
}

/** Soft-deletes a live section; true when it did. */
export async function softDeleteSection(db: Db, sectionId: number) {
  const rows = await db
    .update(sections)
    .set({ deletedAt: sql`now()`, version: sql`${sections.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sections.id, sectionId), live))
    .returning({ id: sections.id });
  return rows.length > 0;
}

export async function insertSection(db: Db, values: typeof sections.$inferInsert) {
  const [row] = await db.insert(sections).values(values).returning({ id: sections.id });
  return row.id;
}

/** A live section of the institution with this custom course id and LMS kind, if any. */
export async function sectionWithCustomId(
  db: Db,
  institutionId: number,
  lmsKind: string,
  customCourseId: string,
) {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        eq(sections.lmsKind, lmsKind),
        sql`lower(${sections.customCourseId}) = lower(${customCourseId})`,
        live,
      ),
    )
    .limit(1);
  return row;
}
