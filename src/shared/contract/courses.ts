import { z } from 'zod';
import { CUSTOM_COURSE_ID_MAX, CUSTOM_COURSE_LMS_KINDS } from '../constants';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_NAME_MAX,
  SECTION_CODE_MAX,
  toIsoDate,
  VALIDATION_TEXT,
} from '../validation';
import { IdParam, RowId, text, Version } from './common';
import {
  CourseActions,
  CourseListFilters,
  CourseListResponse,
  CourseRow,
  MasterChildListQuery,
  MasterChildListResponse,
  UseType,
} from './course-list';
import { defineRoute } from './route';

// the create-course form reads the use types here, with the other course fields
export { UseType };

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A date sent as MM/DD/YYYY or YYYY-MM-DD; always answered as YYYY-MM-DD. */
export const CourseDate = text()
  .trim()
  .min(1, VALIDATION_TEXT.required)
  .refine((v) => toIsoDate(v) !== null, VALIDATION_TEXT.dateFormat)
  .transform((v) => toIsoDate(v) as string);

export const CourseRole = z.enum(['instructor', 'ta']);
export type CourseRole = z.infer<typeof CourseRole>;

// ---------------------------------------------------------------------------------------------
// Details

export const CourseInstructor = z.object({
  userId: z.number().int().describe('User id of the instructor or TA.'),
  displayName: z.string().describe('Name as displayed.'),
  email: z.string().describe('E-mail address.'),
  role: CourseRole.describe('instructor or ta (teaching assistant).'),
});

export const CourseDetail = CourseRow.extend({
  institutionId: z.number().int().describe('The institution the course belongs to.'),
  institutionName: z.string().describe('Display name of that institution.'),
  description: z.string().nullable().describe('Course description; null when empty.'),
  product: z
    .object({
      productId: z.number().int().describe('Product id.'),
      productName: z.string().describe('Product name.'),
      isbn: z.string().describe("The product's ISBN."),
      urn: z.string().describe("The product's URN."),
    })
    .nullable()
    .describe("The course's product; null when it has none."),
  instructors: z.array(CourseInstructor).describe('Instructors and teaching assistants of the course.'),
  censusDate: z.string().nullable().describe('start + censusDuration days (YYYY-MM-DD); null when not set.'),
  courseDuration: z.number().int().describe('Day difference plus 1.'),
  customCourseId: z
    .string()
    .nullable()
    .describe('Course id in the LMS (at most 73 characters); null when none.'),
  lmsKind: z
    .string()
    .nullable()
    .describe('LMS kind of the custom course id: canvas or blackboard; null when none.'),
  copiedFromSectionId: z.number().int().nullable().describe('Section this one was copied from.'),
  createdAt: z.string().describe('When the course was created (ISO 8601).'),
  updatedAt: z.string().describe('Last change (ISO 8601).'),
});
export type CourseDetailT = z.infer<typeof CourseDetail>;

/** GET /api/courses/details?sectionId=&pairingId= */
export const CourseDetailsQuery = z.object({
  sectionId: IdParam.describe("The course's section id."),
  pairingId: IdParam.optional().describe(
    'LMS pairing id, when opened from a pairing (must belong to the section).',
  ),
});

export const CourseDetailsResponse = z.object({
  view: z
    .enum(['master', 'child', 'masterChild', 'standalone'])
    .describe(
      'master: a parent with its children; child / masterChild: a child with its master; standalone.',
    ),
  course: CourseDetail.describe('The course asked for.'),
  master: CourseRow.nullable().describe('The master of a child course.'),
  children: z.array(CourseRow).describe('The children of a master course.'),
  actions: CourseActions.describe('What the caller may do with this course.'),
});

/** GET /api/courses/childCourseDetails?sectionId= (a child in the master-child view). */
export const ChildCourseDetailsQuery = z.object({
  sectionId: IdParam.describe('Section id of the child course.'),
});

/** GET /api/courses/childList?masterCourseId= */
export const ChildListQuery = z.object({
  masterCourseId: IdParam.describe('Section id of the master (parent) course.'),
});
export const ChildListResponse = z.object({
  masterCourseId: z.number().int().describe('Section id of the master (parent) course.'),
  children: z.array(CourseRow).describe('Its child courses.'),
});

/** GET /api/courses/cgcourses/details/:organizationId/:sectionId */
export const CgCourseDetailsParams = z.object({
  organizationId: IdParam.describe('Institution id; the section must belong to it.'),
  sectionId: IdParam.describe("The course's section id."),
});

// ---------------------------------------------------------------------------------------------
// Edit, instructors, delete, create

const courseName = text()
  .trim()
  .min(1, VALIDATION_TEXT.courseNameRequired)
  .max(COURSE_NAME_MAX, VALIDATION_TEXT.courseNameMax);
const description = text().trim().max(COURSE_DESCRIPTION_MAX).nullable().default(null);
const sectionCode = text().trim().max(SECTION_CODE_MAX).nullable().default(null);

const datesInOrder = (b: { startDate: string; endDate: string }) => b.endDate > b.startDate;
/** Runs whenever both dates parsed, even when another field failed: every field's message at once. */
const datesIssue = {
  message: VALIDATION_TEXT.endBeforeStart,
  path: ['endDate'],
  when: (p: { value: unknown }) => {
    const v = p.value as { startDate?: unknown; endDate?: unknown } | null;
    return (
      typeof v?.startDate === 'string' &&
      typeof v.endDate === 'string' &&
      !!toIsoDate(v.startDate) &&
      !!toIsoDate(v.endDate)
    );
  },
};

const customCourseId = text()
  .trim()
  .max(CUSTOM_COURSE_ID_MAX, VALIDATION_TEXT.customCourseIdMax)
  .nullable()
  .transform((v) => v || null);
const lmsKind = z.enum(CUSTOM_COURSE_LMS_KINDS).nullable();
/** A custom course id needs its LMS kind (spec §5). */
const customIdHasKind = (b: { customCourseId?: string | null; lmsKind?: string | null }) =>
  !b.customCourseId || !!b.lmsKind;
const customIdIssue = { message: VALIDATION_TEXT.lmsKindRequired, path: ['lmsKind'] };

/** The course information fields that create course and edit course information share. */
const courseInfoFields = {
  courseName: courseName.describe('Course name (required, at most 100 characters).'),
  description: description.describe('Course description (at most 1,000 characters); null or empty for none.'),
  sectionCode: sectionCode.describe('Section code (at most 50 characters); null or empty for none.'),
  startDate: CourseDate.describe('First day of the course (MM/DD/YYYY or YYYY-MM-DD).'),
  endDate: CourseDate.describe('Last day of the course (MM/DD/YYYY or YYYY-MM-DD), after the start date.'),
};

/** PUT /api/courses/editSection: course information. Fields not listed cannot be changed here. */
export const EditSectionBody = z
  .strictObject({
    sectionId: RowId.describe('The course to edit.'),
    version: Version.describe('The version read with the course; a newer one answers 409.'),
    ...courseInfoFields,
    customCourseId: customCourseId
      .optional()
      .describe(
        'Course id in the LMS, at most 73 characters; needs lmsKind; null or empty removes it; absent keeps it.',
      ),
    lmsKind: lmsKind
      .optional()
      .describe('LMS kind of the custom course id: canvas or blackboard; absent keeps it.'),
  })
  .refine(datesInOrder, datesIssue)
  .refine(customIdHasKind, customIdIssue);

export const EditSectionResponse = z.object({
  message: z.string().describe('Success text: "Course Information updated successfully".'),
  course: CourseDetail.describe('The course as saved.'),
});

export const InstructorAssignment = z.strictObject({
  userId: RowId.describe("A member of the course's institution."),
  role: CourseRole.describe('instructor or ta.'),
});

/** GET /api/courses/instructor?sectionId= */
export const SectionQuery = z.object({ sectionId: IdParam.describe("The course's section id.") });
export const InstructorListResponse = z.object({
  sectionId: z.number().int().describe("The course's section id."),
  instructors: z.array(CourseInstructor).describe('Instructors and teaching assistants of the course.'),
});

/** PUT /api/courses/instructor: replaces the course's instructors and TAs. */
export const EditInstructorBody = z.strictObject({
  sectionId: RowId.describe('The course whose instructors are replaced.'),
  instructors: z
    .array(InstructorAssignment)
    .min(1)
    .max(20)
    .refine((list) => new Set(list.map((i) => i.userId)).size === list.length, 'Each user may appear once.')
    .describe("1 to 20 instructors and TAs; each user at most once; members of the course's institution."),
});
export const EditInstructorResponse = z.object({
  message: z.string().describe('Success text: "Instructor information updated successfully".'),
  instructors: z.array(CourseInstructor).describe('The instructors and TAs as saved.'),
});

/** DELETE /api/courses/delete?sectionId= */
export const DeleteCourseQuery = z.object({ sectionId: IdParam.describe('The section to remove.') });
export const DeleteCourseResponse = z.object({
  message: z.string().describe('Success text: "Course successfully deleted".'),
  sectionId: z.number().int().describe('The section removed.'),
});

/** POST /api/courses/createCourse */
export const CreateCourseBody = z
  .strictObject({
    organizationId: RowId.describe('The institution the course is created in.'),
    ...courseInfoFields,
    productId: RowId.nullable().default(null).describe('A product the institution has an active offer for.'),
    useType: UseType.default('studentuse').describe('studentuse (default) or instructoruse.'),
    instructors: z
      .array(InstructorAssignment)
      .max(20)
      .default([])
      .describe('Up to 20 instructors and TAs (members of the institution), each user at most once.'),
    customCourseId: customCourseId
      .default(null)
      .describe('Course id in the LMS, at most 73 characters; needs lmsKind.'),
    lmsKind: lmsKind.default(null).describe('LMS kind of the custom course id: canvas or blackboard.'),
  })
  .refine(datesInOrder, datesIssue)
  .refine(customIdHasKind, customIdIssue)
  .refine((b) => new Set(b.instructors.map((i) => i.userId)).size === b.instructors.length, {
    message: 'Each user may appear once.',
    path: ['instructors'],
  });

export const CreateCourseResponse = z.object({
  message: z.string().describe('Success text: "Course created successfully".'),
  course: CourseDetail.describe('The course created.'),
});

/** Success texts of spec §8 (and ours where the spec gives none). */
export const COURSE_MESSAGES = {
  updated: 'Course Information updated successfully',
  deleted: 'Course successfully deleted',
  instructorUpdated: 'Instructor information updated successfully',
  created: 'Course created successfully',
} as const;

/**
 * The course operations (spec §7 Courses), the institution page's course list
 * (/api/institution/institutionData, the spec's path) and its master-child list among them.
 */
export const coursesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/institution/institutionData',
    query: CourseListFilters,
    response: CourseListResponse,
  }),
  masterChildList: defineRoute({
    method: 'GET',
    path: '/api/institution/getMasterAndChildcourseListForInstitution',
    query: MasterChildListQuery,
    response: MasterChildListResponse,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/courses/courseSearch',
    query: CourseListFilters,
    response: CourseListResponse,
  }),
  details: defineRoute({
    method: 'GET',
    path: '/api/courses/details',
    query: CourseDetailsQuery,
    response: CourseDetailsResponse,
  }),
  childDetails: defineRoute({
    method: 'GET',
    path: '/api/courses/childCourseDetails',
    query: ChildCourseDetailsQuery,
    response: CourseDetailsResponse,
  }),
  childList: defineRoute({
    method: 'GET',
    path: '/api/courses/childList',
    query: ChildListQuery,
    response: ChildListResponse,
  }),
  cgDetails: defineRoute({
    method: 'GET',
    path: '/api/courses/cgcourses/details/:organizationId/:sectionId',
    params: CgCourseDetailsParams,
    response: CourseDetailsResponse,
  }),
  instructors: defineRoute({
    method: 'GET',
    path: '/api/courses/instructor',
    query: SectionQuery,
    response: InstructorListResponse,
  }),
  editSection: defineRoute({
    method: 'PUT',
    path: '/api/courses/editSection',
    body: EditSectionBody,
    response: EditSectionResponse,
  }),
  editInstructors: defineRoute({
    method: 'PUT',
    path: '/api/courses/instructor',
    body: EditInstructorBody,
    response: EditInstructorResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/courses/delete',
    query: DeleteCourseQuery,
    response: DeleteCourseResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/courses/createCourse',
    body: CreateCourseBody,
    response: CreateCourseResponse,
  }),
};
