import type { z } from 'zod';
import {
  COURSE_MESSAGES,
  type CreateCourseBody,
  type EditInstructorBody,
  type EditSectionBody,
} from '../../../shared/contract/courses';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import {
  instructorsOf,
  insertSection,
  liveChildCount,
  replaceInstructors,
  type SectionEdit,
  sectionSnapshot,
  sectionWithCustomId,
  softDeleteSection,
  staffMembersAmong,
  updateSectionIfVersion,
} from './course-detail.queries';
import { courseDetail } from './course-read.service';
import { toInstructor } from './course-rows';
import { sectionBin } from './section.bin';
import { activeOfferForProduct } from '../offers';
import { insertInstructors, institutionCensusDuration, institutionExists } from './course-offers.queries';

type EditSection = z.infer<typeof EditSectionBody>;
type EditInstructors = z.infer<typeof EditInstructorBody>;
type CreateCourse = z.infer<typeof CreateCourseBody>;

const editable = (s: {
  courseName: string;
  description: string | null;
  sectionCode: string | null;
  startDate: string;
  endDate: string;
  customCourseId: string | null;
  lmsKind: string | null;
  version: number;
}) => ({
  courseName: s.courseName,
  description: s.description,
  sectionCode: s.sectionCode,
  startDate: s.startDate,
  endDate: s.endDate,
  customCourseId: s.customCourseId,
  lmsKind: s.lmsKind,
  version: s.version,
});

/** 409 when another live course of the institution has this custom course id for that LMS. */
async function refuseTakenCustomId(
  db: Db,
  institutionId: number,
  lmsKind: string,
  customId: string,
  self?: number,
) {
  const other = await sectionWithCustomId(db, institutionId, lmsKind, customId);
  if (other && other.id !== self) {
    throw new AppError(
      'error.customCourseIdTaken',
      'Another course of this institution already has this custom course id.',
      { customCourseId: 'Another course of this institution already has this custom course id.' },
    );
  }
}

/** PUT editSection: course information, guarded by the version (409 when someone saved first). */
export async function editSection(db: Db, actor: Actor, body: EditSection) {
  await db.transaction(async (tx) => {
    const before = await sectionSnapshot(tx, body.sectionId);
    if (!before || before.deletedAt) throw notFound('Course');
    const values: SectionEdit = {
      courseName: body.courseName,
      description: body.description || null,
      sectionCode: body.sectionCode || null,
      startDate: body.startDate,
      endDate: body.endDate,
    };
    if (body.customCourseId !== undefined) {
      values.customCourseId = body.customCourseId;
      values.lmsKind = body.customCourseId ? (body.lmsKind ?? null) : null;
      if (values.customCourseId && values.lmsKind) {
        await refuseTakenCustomId(
          tx,
          before.institutionId,
          values.lmsKind,
          values.customCourseId,
          body.sectionId,
        );
      }
    }
    const updated = await updateSectionIfVersion(tx, body.sectionId, body.version, values);
    if (!updated) {
      throw new AppError(
        'error.courseVersionConflict',
        'This course was changed by someone else since you opened it. Reload it and try again.',
      );
    }
    await audit(tx, actor, {
      action: 'course.edit',
      entityType: 'section',
      entityId: body.sectionId,
      institutionId: before.institutionId,
      before: editable(before),
      after: { ...values, version: body.version + 1 },
    });
  });
  return { message: COURSE_MESSAGES.updated, course: await courseDetail(db, body.sectionId) };
}

async function checkStaff(db: Db, institutionId: number, userIds: number[]) {
  const members = await staffMembersAmong(db, institutionId, userIds);
  const strangers = userIds.filter((id) => !members.has(id));
  if (strangers.length) {
    throw new AppError(
      'error.instructorsNotMembers',
      `instructors: user ${strangers.join(', ')} is not a member of this institution.`,
      { instructors: 'Each instructor must be a member of the institution.' },
    );
  }
}

/** PUT instructor: replaces the instructors and TAs of a course. */
export async function editInstructors(db: Db, actor: Actor, body: EditInstructors) {
  await db.transaction(async (tx) => {
    const section = await sectionSnapshot(tx, body.sectionId);
    if (!section || section.deletedAt) throw notFound('Course');
    await checkStaff(
      tx,
      section.institutionId,
      body.instructors.map((i) => i.userId),
    );
    const before = (await instructorsOf(tx, body.sectionId)).map((i) => ({ userId: i.userId, role: i.role }));
    await replaceInstructors(tx, body.sectionId, body.instructors);
    await audit(tx, actor, {
      action: 'course.instructors',
      entityType: 'section',
      entityId: body.sectionId,
      institutionId: section.institutionId,
      before,
      after: body.instructors,
    });
  });
  return {
    message: COURSE_MESSAGES.instructorUpdated,
    instructors: (await instructorsOf(db, body.sectionId)).map(toInstructor),
  };
}

/**
 * DELETE delete: removes a section (kept for history, hidden everywhere, in the recycle bin for
 * RECYCLE_BIN_DAYS). A master with children stays.
 */
export async function deleteCourse(db: Db, actor: Actor, sectionId: number) {
  await db.transaction(async (tx) => {
    const section = await sectionSnapshot(tx, sectionId);
    if (!section || section.deletedAt) throw notFound('Course');
    if ((await liveChildCount(tx, sectionId)) > 0) {
      throw new AppError(
        'error.masterHasChildren',
        'This master course has child courses. Remove them first.',
      );
    }
    if (!(await softDeleteSection(tx, sectionId))) throw notFound('Course');
    // hidden, not deleted: its instructors, enrollments and pairings stay; the bin entry lets it be restored
    await sectionBin.put(tx, actor, {
      institutionId: section.institutionId,
      entityId: sectionId,
      name: section.courseName,
      snapshot: { section },
    });
    await audit(tx, actor, {
      action: 'course.delete',
      entityType: 'section',
      entityId: sectionId,
      institutionId: section.institutionId,
      before: { ...editable(section), courseType: section.courseType },
    });
  });
  return { message: COURSE_MESSAGES.deleted, sectionId };
}

/** POST createCourse: a standalone course in the institution. */
export async function createCourse(db: Db, actor: Actor, body: CreateCourse) {
  const institutionId = body.organizationId;
  const id = await db.transaction(async (tx) => {
    if (!(await institutionExists(tx, institutionId))) throw notFound('Institution');
    if (body.productId !== null && !(await activeOfferForProduct(tx, institutionId, body.productId))) {
      throw new AppError(
        'error.noActiveOffer',
        'productId: the institution has no active offer for this product.',
        {
          productId: 'The institution has no active offer for this product.',
        },
      );
    }
    await checkStaff(
      tx,
      institutionId,
      body.instructors.map((i) => i.userId),
    );
    if (body.customCourseId && body.lmsKind) {
      await refuseTakenCustomId(tx, institutionId, body.lmsKind, body.customCourseId);
    }
    const values = {
      institutionId,
      productId: body.productId,
      courseType: 'standalone',
      useType: body.useType,
      courseName: body.courseName,
      description: body.description || null,
      sectionCode: body.sectionCode || null,
      startDate: body.startDate,
      endDate: body.endDate,
      censusDuration: await institutionCensusDuration(tx, institutionId),
      customCourseId: body.customCourseId,
      lmsKind: body.customCourseId ? body.lmsKind : null,
      createdBy: actor.userId,
    };
    const sectionId = await insertSection(tx, values);
    await insertInstructors(tx, sectionId, body.instructors);
    await audit(tx, actor, {
      action: 'course.create',
      entityType: 'section',
      entityId: sectionId,
      institutionId,
      after: { ...values, instructors: body.instructors },
    });
    return sectionId;
  });
  return { message: COURSE_MESSAGES.created, course: await courseDetail(db, id) };
}
