import { z } from 'zod';
import { CUSTOM_COURSE_ID_MAX, CUSTOM_COURSE_LMS_KINDS } from '../constants';
import { BILLING_STATUSES, OFFER_TYPES, USE_TYPES } from '../status';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_NAME_MAX,
  SECTION_CODE_MAX,
  toIsoDate,
  VALIDATION_TEXT,
} from '../validation';
import { IdParam } from './common';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A date sent as MM/DD/YYYY or YYYY-MM-DD; always answered as YYYY-MM-DD. */
export const CourseDate = z
  .string()
  .trim()
  .min(1, VALIDATION_TEXT.required)
  .refine((v) => toIsoDate(v) !== null, VALIDATION_TEXT.dateFormat)
  .transform((v) => toIsoDate(v) as string);

export const CoursePeriod = z.enum(['current', 'future', 'past']);
export const CourseType = z.enum(['parent', 'child', 'standalone']);
export const UseType = z.enum(USE_TYPES);
export const BillingStatus = z.enum(BILLING_STATUSES);
export const OfferTypeName = z.enum(OFFER_TYPES);
export const CourseRole = z.enum(['instructor', 'ta']);

/** What the caller may do with the courses of this institution (the UI shows controls from it). */
export const CourseActions = z.object({
  /** Edit course information and instructors (CAN_COPY_EDIT_COURSES; never internal users). */
  edit: z.boolean(),
  /** Remove sections (CAN_DELETE_COURSES; never internal users). */
  delete: z.boolean(),
  /** Copy courses and create child courses (CAN_COPY_EDIT_COURSES; never internal users). */
  copy: z.boolean(),
  /** Create a course (same rule as edit). */
  create: z.boolean(),
  /** Upload and delete opt-out files (CAN_ENROLL_STUDENTS; never internal users). */
  optOut: z.boolean(),
  /** Download the ISReport, CSReport and census data (CAN_ACCESS_REPORTING_ANALYTICS). */
  reports: z.boolean(),
});

/** One row of a course list. */
export const CourseRow = z.object({
  /** Section id (the course's id). */
  sectionId: z.number().int(),
  courseName: z.string(),
  /** Section code, when the course has one. */
  sectionCode: z.string().nullable(),
  /** Instructor names (role 'instructor'), comma separated; null when none. */
  instructor: z.string().nullable(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** YYYY-MM-DD */
  endDate: z.string(),
  /** current, future or past, from the dates and today. */
  coursePeriod: CoursePeriod,
  /** parent (master), child or standalone. */
  courseType: CourseType,
  /** studentuse or instructoruse. */
  useType: UseType,
  /** The master of a child course. */
  parentSectionId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** Students enrolled. */
  enrollmentCount: z.number().int(),
  /** The offer type of the institution's offer for the course's product; null without one. */
  accessType: z.string().nullable(),
  /** Derived from the access type and the census date (src/shared/status.ts billingStatus). */
  billingStatus: BillingStatus,
  /** Days from start to census; -1 means not set. */
  censusDuration: z.number().int(),
  /** Optimistic-lock version: send it back when editing. */
  version: z.number().int(),
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

const upper = (values: readonly [string, ...string[]]) =>
  z.string().trim().toUpperCase().pipe(z.enum(values));

/** Filters, text search, paging and sorting of a course list (server-side, for 5,000+ sections). */
export const CourseListFilters = z.object({
  /** Institution id. */
  organizationId: IdParam,
  /** CURRENT, FUTURE or PAST (case-insensitive); courseSearch also takes ALL. Default CURRENT. */
  coursePeriod: upper(['CURRENT', 'FUTURE', 'PAST', 'ALL']).default('CURRENT'),
  /** Text searched in course name, section code and instructor names (case-insensitive). */
  queryString: z.string().trim().toLowerCase().max(200).default(''),
  /** Course type filter: STUDENTUSE (default), INSTRUCTORUSE or ALL. */
  filterBy: upper(['STUDENTUSE', 'INSTRUCTORUSE', 'ALL']).default('STUDENTUSE'),
  /** Access filter: ALL (default), NONE (no offer) or an offer type. */
  offerType: upper(['ALL', 'NONE', ...OFFER_TYPES]).default('ALL'),
  /** Product filter: all_products (default) or one product id. */
  productId: z.union([z.literal('all_products'), IdParam]).default('all_products'),
  /** 1-based page number. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Rows per page (at most 200). */
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  /** Sort column. */
  sort: z.enum(SORT_FIELDS).default('courseName'),
  /** asc or desc. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type CourseListFiltersT = z.infer<typeof CourseListFilters>;

/** GET /api/courses/courseSearch: the same filters; the period may be ALL. */
export const CourseSearchQuery = CourseListFilters;

export const CourseListResponse = z.object({
  courses: z.array(CourseRow),
  /** Rows matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Courses per period with the other filters applied (the period filter's counts). */
  periodCounts: z.object({ current: z.number().int(), future: z.number().int(), past: z.number().int() }),
  /** Products used by the institution's courses (the product filter's choices). */
  products: z.array(z.object({ productId: z.number().int(), productName: z.string() })),
  /** What the caller may do here. */
  actions: CourseActions,
});

// ---------------------------------------------------------------------------------------------
// Details

export const CourseInstructor = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  /** instructor or ta (teaching assistant). */
  role: CourseRole,
});

export const CourseDetail = CourseRow.extend({
  institutionId: z.number().int(),
  institutionName: z.string(),
  description: z.string().nullable(),
  product: z
    .object({ productId: z.number().int(), productName: z.string(), isbn: z.string(), urn: z.string() })
    .nullable(),
  instructors: z.array(CourseInstructor),
  /** start + censusDuration days (YYYY-MM-DD); null when not set. */
  censusDate: z.string().nullable(),
  /** Day difference plus 1. */
  courseDuration: z.number().int(),
  customCourseId: z.string().nullable(),
  lmsKind: z.string().nullable(),
  /** Section this one was copied from. */
  copiedFromSectionId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseDetailT = z.infer<typeof CourseDetail>;

/** GET /api/courses/details?sectionId=&pairingId= */
export const CourseDetailsQuery = z.object({
  /** The course's section id. */
  sectionId: IdParam,
  /** LMS pairing id, when opened from a pairing (must belong to the section). */
  pairingId: IdParam.optional(),
});

export const CourseDetailsResponse = z.object({
  /** master: a parent with its children; child / masterChild: a child with its master; standalone. */
  view: z.enum(['master', 'child', 'masterChild', 'standalone']),
  course: CourseDetail,
  /** The master of a child course. */
  master: CourseRow.nullable(),
  /** The children of a master course. */
  children: z.array(CourseRow),
  actions: CourseActions,
});

/** GET /api/courses/childCourseDetails?sectionId= (a child in the master-child view). */
export const ChildCourseDetailsQuery = z.object({ sectionId: IdParam });

/** GET /api/courses/childList?masterCourseId= */
export const ChildListQuery = z.object({
  /** Section id of the master (parent) course. */
  masterCourseId: IdParam,
});
export const ChildListResponse = z.object({ masterCourseId: z.number().int(), children: z.array(CourseRow) });

/** GET /api/courses/cgcourses/details/:organizationId/:sectionId */
export const CgCourseDetailsParams = z.object({ organizationId: IdParam, sectionId: IdParam });

// ---------------------------------------------------------------------------------------------
// Edit, instructors, delete, create

const courseName = z
  .string()
  .trim()
  .min(1, VALIDATION_TEXT.courseNameRequired)
  .max(COURSE_NAME_MAX, VALIDATION_TEXT.courseNameMax);
const description = z.string().trim().max(COURSE_DESCRIPTION_MAX).nullable().default(null);
const sectionCode = z.string().trim().max(SECTION_CODE_MAX).nullable().default(null);

const datesInOrder = (b: { startDate: string; endDate: string }) => b.endDate > b.startDate;
const datesIssue = { message: VALIDATION_TEXT.endBeforeStart, path: ['endDate'] };

/** PUT /api/courses/editSection: course information. Fields not listed cannot be changed here. */
export const EditSectionBody = z
  .strictObject({
    sectionId: z.number().int().positive(),
    /** The version read with the course; a newer one answers 409. */
    version: z.number().int().positive(),
    courseName,
    description,
    sectionCode,
    startDate: CourseDate,
    endDate: CourseDate,
  })
  .refine(datesInOrder, datesIssue);

export const EditSectionResponse = z.object({
  /** "Course Information updated successfully" */
  message: z.string(),
  course: CourseDetail,
});

export const InstructorAssignment = z.strictObject({
  userId: z.number().int().positive(),
  /** instructor or ta. */
  role: CourseRole,
});

/** GET /api/courses/instructor?sectionId= */
export const SectionQuery = z.object({ sectionId: IdParam });
export const InstructorListResponse = z.object({
  sectionId: z.number().int(),
  instructors: z.array(CourseInstructor),
});

/** PUT /api/courses/instructor: replaces the course's instructors and TAs. */
export const EditInstructorBody = z.strictObject({
  sectionId: z.number().int().positive(),
  /** At least one; each user at most once; members of the course's institution. */
  instructors: z
    .array(InstructorAssignment)
    .min(1)
    .max(20)
    .refine((list) => new Set(list.map((i) => i.userId)).size === list.length, 'Each user may appear once.'),
});
export const EditInstructorResponse = z.object({
  /** "Instructor information updated successfully" */
  message: z.string(),
  instructors: z.array(CourseInstructor),
});

/** DELETE /api/courses/delete?sectionId= */
export const DeleteCourseQuery = z.object({ sectionId: IdParam });
export const DeleteCourseResponse = z.object({
  /** "Course successfully deleted" */
  message: z.string(),
  sectionId: z.number().int(),
});

/** POST /api/courses/createCourse */
export const CreateCourseBody = z
  .strictObject({
    /** The institution the course is created in. */
    organizationId: z.number().int().positive(),
    courseName,
    description,
    sectionCode,
    startDate: CourseDate,
    endDate: CourseDate,
    /** A product the institution has an active offer for. */
    productId: z.number().int().positive().nullable().default(null),
    /** studentuse (default) or instructoruse. */
    useType: UseType.default('studentuse'),
    instructors: z.array(InstructorAssignment).max(20).default([]),
    /** Course id in the LMS, at most 73 characters. */
    customCourseId: z
      .string()
      .trim()
      .max(CUSTOM_COURSE_ID_MAX, VALIDATION_TEXT.customCourseIdMax)
      .nullable()
      .default(null)
      .transform((v) => v || null),
    /** LMS kind of the custom course id: canvas or blackboard. */
    lmsKind: z.enum(CUSTOM_COURSE_LMS_KINDS).nullable().default(null),
  })
  .refine(datesInOrder, datesIssue)
  .refine((b) => !b.customCourseId || b.lmsKind, {
    message: VALIDATION_TEXT.lmsKindRequired,
    path: ['lmsKind'],
  })
  .refine((b) => new Set(b.instructors.map((i) => i.userId)).size === b.instructors.length, {
    message: 'Each user may appear once.',
    path: ['instructors'],
  });

export const CreateCourseResponse = z.object({
  /** "Course created successfully" */
  message: z.string(),
  course: CourseDetail,
});

/** Success texts of spec §8 (and ours where the spec gives none). */
export const COURSE_MESSAGES = {
  updated: 'Course Information updated successfully',
  deleted: 'Course successfully deleted',
  instructorUpdated: 'Instructor information updated successfully',
  created: 'Course created successfully',
} as const;
