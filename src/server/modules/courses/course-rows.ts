import type { CourseRowT } from '../../../shared/contract/course-list';
import type { CourseDetailT } from '../../../shared/contract/courses';
import { can, type Capabilities } from '../../../shared/permissions';
import { billingStatus, coursePeriodOf } from '../../../shared/status';
import { censusDate, courseDurationDays, localIsoDate } from '../../../shared/validation';
import type { courseDetailRow, instructorsOf } from './course-detail.queries';

/** The shape `courseRowColumns` selects. */
export interface RawRow {
  sectionId: number;
  courseName: string;
  sectionCode: string | null;
  instructor: string | null;
  startDate: string;
  endDate: string;
  courseType: string;
  useType: string;
  parentSectionId: number | null;
  productId: number | null;
  productName: string | null;
  enrollmentCount: number;
  accessType: string | null;
  censusDuration: number;
  version: number;
}

/** Today for period and billing: the server's local calendar day. */
export const today = () => localIsoDate();

/** A query row → the contract's CourseRow (period and billing status derived). */
export function toCourseRow(r: RawRow, day = today()): CourseRowT {
  return {
    sectionId: r.sectionId,
    courseName: r.courseName,
    sectionCode: r.sectionCode,
    instructor: r.instructor,
    startDate: r.startDate,
    endDate: r.endDate,
    coursePeriod: coursePeriodOf(r.startDate, r.endDate, day),
    courseType: r.courseType as CourseRowT['courseType'],
    useType: r.useType as CourseRowT['useType'],
    parentSectionId: r.parentSectionId,
    productId: r.productId,
    productName: r.productName,
    enrollmentCount: Number(r.enrollmentCount),
    accessType: r.accessType,
    billingStatus: billingStatus(r.accessType, censusDate(r.startDate, r.censusDuration), day),
    censusDuration: r.censusDuration,
    version: r.version,
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof courseDetailRow>>>;
type InstructorRow = Awaited<ReturnType<typeof instructorsOf>>[number];

export function toInstructor(i: InstructorRow) {
  return {
    userId: i.userId,
    displayName: `${i.firstName} ${i.lastName}`.trim(),
    email: i.email,
    role: (i.role === 'ta' ? 'ta' : 'instructor') as 'ta' | 'instructor',
  };
}

export function toCourseDetail(r: DetailRow, instructors: InstructorRow[], day = today()): CourseDetailT {
  return {
    ...toCourseRow(r as RawRow, day),
    institutionId: r.institutionId,
    institutionName: r.institutionName,
    description: r.description,
    product:
      r.productId && r.productName && r.isbn && r.urn
        ? { productId: r.productId, productName: r.productName, isbn: r.isbn, urn: r.urn }
        : null,
    instructors: instructors.map(toInstructor),
    censusDate: censusDate(r.startDate, r.censusDuration),
    courseDuration: courseDurationDays(r.startDate, r.endDate),
    customCourseId: r.customCourseId,
    lmsKind: r.lmsKind,
    copiedFromSectionId: r.copiedFromSectionId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the caller may do with courses of the institution in their capabilities. */
export function courseActions(caps: Capabilities) {
  return {
    edit: can(caps, 'editCourses'),
    delete: can(caps, 'deleteCourses'),
    copy: can(caps, 'copyCourses'),
    create: can(caps, 'editCourses'),
    optOut: can(caps, 'manageOptOut'),
    reports: can(caps, 'viewReports'),
  };
}
