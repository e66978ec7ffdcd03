import type { CourseListFiltersT } from '../../../shared/contract/course-list';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { todayInInstitution } from '../../lib/institution-today';
import { courseDetailRow, instructorsOf, pairingOfSection } from './course-detail.queries';
import {
  type CourseListParams,
  childRows,
  courseRowsByIds,
  masterPage,
  type PeriodFilter,
} from './course-list.queries';
import { coursePage } from './course-page.queries';
import { courseActions, toCourseDetail, toCourseRow, toInstructor } from './course-rows';

function listParams(institutionId: number, f: CourseListFiltersT, day: string): CourseListParams {
  return {
    institutionId,
    period: f.coursePeriod.toLowerCase() as PeriodFilter,
    q: f.queryString,
    useType: f.filterBy.toLowerCase() as CourseListParams['useType'],
    offerType: f.offerType,
    productId: f.productId,
    page: f.page,
    pageSize: f.pageSize,
    sort: f.sort,
    order: f.order,
    today: day,
  };
}

/**
 * The institution page's course list (institutionData) and courseSearch: one page plus facets, in
 * one prepared statement (coursePage).
 */
export async function listCourses(db: Db, actor: Actor, f: CourseListFiltersT) {
  const day = await todayInInstitution(db, f.organizationId);
  const page = await coursePage(db, listParams(f.organizationId, f, day));
  if (!page.found) throw notFound('Institution');
  return {
    courses: page.rows.map((r) => toCourseRow(r, day)),
    total: page.total,
    page: f.page,
    pageSize: f.pageSize,
    periodCounts: page.periodCounts,
    products: page.products,
    actions: courseActions(actor.caps),
  };
}

/** A course's details, its periods seen from its institution's today (`day`). */
async function detailWithDay(db: Db, sectionId: number) {
  const row = await courseDetailRow(db, sectionId);
  if (!row) throw notFound('Course');
  const day = await todayInInstitution(db, row.institutionId);
  return { course: toCourseDetail(row, await instructorsOf(db, sectionId), day), day };
}

async function detailOf(db: Db, sectionId: number) {
  return (await detailWithDay(db, sectionId)).course;
}

/**
 * Course details in the master view (with its children), the child view (with its master), the
 * master-child view (a child of a master that has children of its own: both) or the standalone view.
 */
export async function courseDetails(db: Db, actor: Actor, sectionId: number, pairingId?: number) {
  if (pairingId !== undefined && !(await pairingOfSection(db, pairingId, sectionId)))
    throw notFound('Pairing');
  const { course, day } = await detailWithDay(db, sectionId);
  const master = course.parentSectionId
    ? ((await courseRowsByIds(db, [course.parentSectionId])).map((r) => toCourseRow(r, day))[0] ?? null)
    : null;
  const children = (await childRows(db, [sectionId])).map((r) => toCourseRow(r, day));
  const isMaster = course.courseType === 'parent' || children.length > 0;
  const hasMaster = master !== null;
  const view =
    isMaster && hasMaster ? 'masterChild' : isMaster ? 'master' : hasMaster ? 'child' : 'standalone';
  return {
    view: view as 'master' | 'child' | 'masterChild' | 'standalone',
    course,
    master,
    children,
    actions: courseActions(actor.caps),
  };
}

/** A child course with its master (the master-child view); 404 for a course that is not a child. */
export async function childCourseDetails(db: Db, actor: Actor, sectionId: number) {
  const d = await courseDetails(db, actor, sectionId);
  if (d.master === null) throw notFound('Child course');
  return { ...d, view: 'masterChild' as const };
}

export async function childList(db: Db, masterCourseId: number) {
  const [master] = await courseRowsByIds(db, [masterCourseId]);
  if (!master) throw notFound('Course');
  const day = await todayInInstitution(db, master.institutionId);
  const children = await childRows(db, [masterCourseId]);
  return { masterCourseId, children: children.map((r) => toCourseRow(r, day)) };
}

export async function sectionInstructors(db: Db, sectionId: number) {
  return { sectionId, instructors: (await instructorsOf(db, sectionId)).map(toInstructor) };
}

/** One page of an institution's masters, each with all of its children. */
export async function masterAndChildList(
  db: Db,
  institutionId: number,
  f: { coursePeriod: string; page: number; pageSize: number },
) {
  const day = await todayInInstitution(db, institutionId);
  const period = f.coursePeriod.toLowerCase() as PeriodFilter;
  const { rows: masters, total } = await masterPage(db, institutionId, period, day, f.page, f.pageSize);
  const children = await childRows(
    db,
    masters.map((m) => m.sectionId),
  );
  return {
    masters: masters.map((m) => ({
      ...toCourseRow(m, day),
      children: children.filter((c) => c.parentSectionId === m.sectionId).map((c) => toCourseRow(c, day)),
    })),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

export { detailOf as courseDetail };
