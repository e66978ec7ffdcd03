import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sections } from '../../db/schema';
import { refusal } from '../../lib/app-error';
import { defineBinKind, entryNotFound } from '../recycle-bin';
import { sectionSnapshot as sectionRow } from './course-detail.queries';

/**
 * A removed course in the recycle bin: the section row before it was hidden (its instructors,
 * enrollments and pairings stay in place), restored by showing it again.
 */
export const sectionBin = defineBinKind<{ section: Record<string, unknown> }>({
  kind: 'section',
  rule: 'deleteCourses',
  audit: (entry) => ({
    action: 'course.restore',
    entityType: 'section',
    entityId: entry.entityId,
    institutionId: entry.institutionId,
    after: { recycleBinId: entry.id },
  }),
  async restore(tx, entry) {
    const section = await sectionRow(tx, entry.entityId);
    if (!section || section.deletedAt === null) throw entryNotFound();
    if (section.parentSectionId !== null) {
      const master = await sectionRow(tx, section.parentSectionId);
      if (master && master.deletedAt !== null) {
        throw refusal(
          'error.restoreMasterRemoved',
          `The master course "${master.courseName}" of this child course is removed. Restore it first.`,
          { name: master.courseName },
        );
      }
    }
    if (section.customCourseId && section.lmsKind) {
      const other = await liveSectionWithCustomId(
        tx,
        section.institutionId,
        section.lmsKind,
        section.customCourseId,
        section.id,
      );
      if (other) {
        throw refusal(
          'error.restoreCustomIdTaken',
          `Another course now has the custom course id ${section.customCourseId}.`,
          { id: section.customCourseId },
        );
      }
    }
    if (!(await unhideSection(tx, section.id))) throw entryNotFound();
    return {
      kind: 'section',
      entityId: section.id,
      name: section.courseName,
      membersBack: 0,
      membersNotBack: 0,
    };
  },
});

/** Another live section of the institution with this custom course id for this LMS. */
async function liveSectionWithCustomId(
  db: Db,
  institutionId: number,
  lmsKind: string,
  customCourseId: string,
  exceptId: number,
) {
  const [row] = await db
    .select({ id: sections.id, courseName: sections.courseName })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        eq(sections.lmsKind, lmsKind),
        eq(sections.customCourseId, customCourseId),
        isNull(sections.deletedAt),
        ne(sections.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** Shows a hidden section again; false when it is not hidden (any more). */
async function unhideSection(db: Db, id: number) {
  const rows = await db
    .update(sections)
    .set({ deletedAt: null, version: sql`${sections.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sections.id, id), isNotNull(sections.deletedAt)))
    .returning({ id: sections.id });
  return rows.length > 0;
}
