import { z } from 'zod';
import { BILLING_STATUSES, OFFER_TYPES, USE_TYPES } from '../status';
import { IdParam, text } from './common';

// A course row and the course lists (the institution page, course search, master-child list); the
// operations are in coursesApi (courses.ts).

export const CoursePeriod = z.enum(['current', 'future', 'past']);
export type CoursePeriod = z.infer<typeof CoursePeriod>;
export const CourseType = z.enum(['parent', 'child', 'standalone']);
export const UseType = z.enum(USE_TYPES);
export const BillingStatus = z.enum(BILLING_STATUSES);

/** What the caller may do with the courses of this institution (the UI shows controls from it). */
export const CourseActions = z.object({
  edit: z
    .boolean()
    .describe('Edit course information and instructors (CAN_COPY_EDIT_COURSES; never internal users).'),
  delete: z.boolean().describe('Remove sections (CAN_DELETE_COURSES; never internal users).'),
  copy: z
    .boolean()
    .describe('Copy courses and create child courses (CAN_COPY_EDIT_COURSES; never internal users).'),
  create: z.boolean().describe('Create a course (same rule as edit).'),
  optOut: z
    .boolean()
    .describe('Upload and delete opt-out files (CAN_ENROLL_STUDENTS; never internal users).'),
  reports: z
    .boolean()
    .describe('Download the ISReport, CSReport and census data (CAN_ACCESS_REPORTING_ANALYTICS).'),
});

/** One row of a course list. */
export const CourseRow = z.object({
  sectionId: z.number().int().describe("Section id (the course's id)."),
  courseName: z.string().describe('Course name.'),
  sectionCode: z.string().nullable().describe('Section code, when the course has one.'),
  instructor: z
    .string()
    .nullable()
    .describe("Instructor names (role 'instructor'), comma separated; null when none."),
  startDate: z.string().describe('First day of the course (YYYY-MM-DD).'),
  endDate: z.string().describe('Last day of the course (YYYY-MM-DD).'),
  coursePeriod: CoursePeriod.describe('current, future or past, from the dates and today.'),
  courseType: CourseType.describe('parent (master), child or standalone.'),
  useType: UseType.describe('studentuse or instructoruse.'),
  parentSectionId: z.number().int().nullable().describe('The master of a child course.'),
  productId: z.number().int().nullable().describe("The course's product; null when it has none."),
  productName: z.string().nullable().describe("Name of the course's product; null when it has none."),
  enrollmentCount: z.number().int().describe('Students enrolled.'),
  accessType: z
    .string()
    .nullable()
    .describe("The offer type of the institution's offer for the course's product; null without one."),
  billingStatus: BillingStatus.describe(
    'Derived from the access type and the census date (src/shared/status.ts billingStatus).',
  ),
  censusDuration: z.number().int().describe('Days from start to census; -1 means not set.'),
  version: z.number().int().describe('Optimistic-lock version: send it back when editing.'),
});
export type CourseRowT = z.infer<typeof CourseRow>;

export const SORT_FIELDS = [
  'courseName',
  'sectionCode',
  'instructor',
  'startDate',
  'endDate',
  'enrollmentCount',
] as const;

const upper = (values: readonly [string, ...string[]]) => text().trim().toUpperCase().pipe(z.enum(values));

/**
 * Filters, text search, paging and sorting of a course list (server-side, for 5,000+ sections): the
 * query of both GET /api/institution/institutionData (the institution page) and /api/courses/courseSearch.
 */
export const CourseListFilters = z.object({
  organizationId: IdParam.describe('Institution id.'),
  coursePeriod: upper(['CURRENT', 'FUTURE', 'PAST', 'ALL'])
    .default('CURRENT')
    .describe('CURRENT, FUTURE or PAST (case-insensitive); courseSearch also takes ALL. Default CURRENT.'),
  queryString: text()
    .trim()
    .toLowerCase()
    .max(200)
    .default('')
    .describe('Text searched in course name, section code and instructor names (case-insensitive).'),
  filterBy: upper(['STUDENTUSE', 'INSTRUCTORUSE', 'ALL'])
    .default('STUDENTUSE')
    .describe('Course type filter: STUDENTUSE (default), INSTRUCTORUSE or ALL.'),
  offerType: upper(['ALL', 'NONE', ...OFFER_TYPES])
    .default('ALL')
    .describe('Access filter: ALL (default), NONE (no offer) or an offer type.'),
  productId: z
    .union([z.literal('all_products'), IdParam])
    .default('all_products')
    .describe('Product filter: all_products (default) or one product id.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number.'),
  pageSize: z.coerce.number().int().min(1).max(200).default(25).describe('Rows per page (at most 200).'),
  sort: z.enum(SORT_FIELDS).default('courseName').describe('Sort column.'),
  order: z.enum(['asc', 'desc']).default('asc').describe('asc or desc.'),
});
export type CourseListFiltersT = z.infer<typeof CourseListFilters>;

export const CourseListResponse = z.object({
  courses: z.array(CourseRow).describe('The rows of the requested page, sorted as asked.'),
  total: z.number().int().describe('Rows matching the filters (all pages).'),
  page: z.number().int().describe('1-based page number answered.'),
  pageSize: z.number().int().describe('Rows per page.'),
  periodCounts: z
    .object({
      current: z.number().int().describe('Courses of the current period.'),
      future: z.number().int().describe('Courses that have not started yet.'),
      past: z.number().int().describe('Courses that have ended.'),
    })
    .describe("Courses per period with the other filters applied (the period filter's counts)."),
  products: z
    .array(
      z.object({
        productId: z.number().int().describe('Product id.'),
        productName: z.string().describe('Product name.'),
      }),
    )
    .describe("Products used by the institution's courses (the product filter's choices)."),
  actions: CourseActions.describe('What the caller may do here.'),
});

/** GET /api/institution/getMasterAndChildcourseListForInstitution?organizationId= */
export const MasterChildListQuery = z.object({
  organizationId: IdParam.describe('Institution id (orgId / organizationId).'),
  coursePeriod: text()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['CURRENT', 'FUTURE', 'PAST', 'ALL']))
    .default('ALL')
    .describe(
      'Limit to masters of one period: CURRENT, FUTURE or PAST (case-insensitive); ALL (default) for all.',
    ),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number of masters.'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(25)
    .describe('Masters per page (at most 200), each with all of its children.'),
});
export const MasterChildListResponse = z.object({
  masters: z
    .array(CourseRow.extend({ children: z.array(CourseRow).describe('The child courses of this parent.') }))
    .describe("The page's parent (master) courses by name, each with its child courses."),
  total: z.number().int().describe('Masters matching the period (all pages).'),
  page: z.number().int().describe('1-based page number answered.'),
  pageSize: z.number().int().describe('Masters per page.'),
});
