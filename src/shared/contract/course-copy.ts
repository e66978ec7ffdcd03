import { z } from 'zod';
import { COPY_STATUSES, type CopyStatus } from '../status';
import { addDaysIso, COURSE_NAME_MAX, censusDate, daysBetween, VALIDATION_TEXT } from '../validation';
import { IdParam, OrganizationQuery, RowId, text } from './common';
import { defineRoute } from './route';

export { COPY_STATUSES, type CopyStatus, COURSE_NAME_MAX, daysBetween };

/** Statuses after which nothing more happens to a course unless someone retries it. */
export const FINAL_COPY_STATUSES: readonly CopyStatus[] = ['succeeded', 'notapplicable', 'FailedPermanently'];
/** Statuses a user may retry from the UI. */
export const RETRYABLE_COPY_STATUSES: readonly CopyStatus[] = ['Failed', 'FailedPermanently'];

export const isFinalCopyStatus = (s: CopyStatus) => FINAL_COPY_STATUSES.includes(s);
/** Spec §4: Failed and FailedPermanently show an error alert; the other five an info alert. */
export const isCopyErrorStatus = (s: CopyStatus) => s === 'Failed' || s === 'FailedPermanently';

/** Copy validation codes and their messages (spec §8). */
export const COPY_VALIDATION_MESSAGES = {
  101: 'No Input Data Located in UCS',
  102: 'Invalid Organization',
  103: 'Invalid Product Platform',
  104: 'Invalid Product Type for Context',
  105: 'This Product is No Longer Available',
  106: 'Copy Not Permitted',
  107: 'No Offers Available for Product',
} as const;
export type CopyValidationCode = keyof typeof COPY_VALIDATION_MESSAGES;
/** Any code other than 101-107 is a generic application error of 160 and above (spec §5, §8). */
export const APPLICATION_ERROR_CODE = 160;
export const APPLICATION_ERROR_MESSAGE = 'Application Error';

/** The message of a copy validation code: 101-107 their own, anything else "Application Error". */
export function copyValidationMessage(code: number): string {
  return COPY_VALIDATION_MESSAGES[code as CopyValidationCode] ?? APPLICATION_ERROR_MESSAGE;
}

/** Platforms whose products can be copied (code 103). */
export const COPYABLE_PLATFORMS = ['courseware'] as const;
/** Product types allowed in an institution's course (code 104). */
export const COURSE_CONTEXT_PRODUCT_TYPES = ['course'] as const;

/** Most courses in one copy request. */
export const COPY_MAX_COURSES = 1000;

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date();

/** A YYYY-MM-DD date plus `days`. */
export const addDays = addDaysIso;

/** True when the inclusive offer ends before the copy's census date: the confirm dialog warns (spec §2). */
export function inclusiveOfferEndsBeforeCensus(
  startDate: string,
  censusDuration: number,
  inclusiveOfferEndsOn: string | null,
): boolean {
  const census = censusDate(startDate, censusDuration);
  return !!census && !!inclusiveOfferEndsOn && inclusiveOfferEndsOn < census;
}

const CourseName = text()
  .trim()
  .min(1, VALIDATION_TEXT.courseNameRequired)
  .max(COURSE_NAME_MAX, VALIDATION_TEXT.courseNameMax);

const endAfterStart = (v: { startDate: string; endDate: string }) => v.endDate > v.startDate;
const END_AFTER_START = { message: VALIDATION_TEXT.endBeforeStart, path: ['endDate'] };

/** One course to copy: the source section and the new course's name and dates. */
export const CopyCourseItem = z
  .object({
    sectionId: RowId.describe('The section to copy.'),
    courseName: CourseName.describe('Name of the new course.'),
    startDate: IsoDate.describe('First day of the new course (YYYY-MM-DD).'),
    endDate: IsoDate.describe('Last day of the new course (YYYY-MM-DD), after the start date.'),
  })
  .refine(endAfterStart, END_AFTER_START);

/** POST /api/courses/copy: copy one course or several at once. */
export const CopyCoursesBody = z.object({
  organizationId: RowId.describe('The institution whose sections are copied.'),
  courses: z
    .array(CopyCourseItem)
    .min(1)
    .max(COPY_MAX_COURSES)
    .describe('The courses to copy (1 to 1,000); the same section may appear more than once.'),
  sendEmail: z
    .boolean()
    .default(false)
    .describe('E-mail the requester when every course of the request has reached a final status.'),
});

/** POST /api/courses/createChildCourse: a child course of a parent section. */
export const CreateChildCourseBody = z
  .object({
    organizationId: RowId.describe("The parent's institution."),
    parentSectionId: RowId.describe('The parent section; it becomes (or stays) a parent.'),
    courseName: CourseName.describe('Name of the child course.'),
    startDate: IsoDate.describe('First day of the child course (YYYY-MM-DD).'),
    endDate: IsoDate.describe('Last day of the child course (YYYY-MM-DD).'),
    sendEmail: z
      .boolean()
      .default(false)
      .describe('E-mail the requester when the child course is created or has failed.'),
  })
  .refine(endAfterStart, END_AFTER_START);

/** The status of one course of a request. */
export const CopyStatusEntry = z.object({
  id: z.number().int().describe('Id of this course of the request (also the id of its copy-status alert).'),
  trackingId: z.string().describe('The copy-course tracking id of the request.'),
  sourceSectionId: z.number().int().describe('The section copied (the parent, for a child course).'),
  sectionId: z.number().int().nullable().describe('The new section, once created.'),
  courseName: z.string().describe('Name of the new course.'),
  startDate: z.string().nullable().describe('Start date of the new course (YYYY-MM-DD).'),
  endDate: z.string().nullable().describe('End date of the new course (YYYY-MM-DD).'),
  status: z.enum(COPY_STATUSES).describe('Copy status (notstarted … FailedPermanently).'),
  reason: z
    .string()
    .nullable()
    .describe('Why the course failed or was not applicable, in words; null otherwise.'),
  reasonCode: z
    .number()
    .int()
    .nullable()
    .describe(
      'Copy validation code of the failure (101-107, or 160 for an application error); null otherwise.',
    ),
  attempts: z.number().int().describe('Attempts started so far.'),
  updatedAt: z.string().describe('Last change (ISO 8601).'),
  finishedAt: z.string().nullable().describe('When a final status was reached (ISO 8601).'),
});

/** One request and its courses. */
export const CopyRequestStatus = z.object({
  trackingId: z.string().describe('The copy-course tracking id.'),
  kind: z.enum(['copy', 'child']).describe('copy: course copy; child: child-course creation.'),
  sendEmail: z.boolean().describe('The requester is e-mailed when the request finishes.'),
  createdAt: z.string().describe('When the request was made (ISO timestamp).'),
  finished: z.boolean().describe('Every course has reached a final status.'),
  finishedAt: z
    .string()
    .nullable()
    .describe('When the last course reached its final status (ISO timestamp); null while running.'),
  statuses: z.array(CopyStatusEntry).describe('One entry per course of the request.'),
});

/** Answer of a copy or child request: the request, queued, and the success text of spec §8. */
export const CopyCoursesResponse = CopyRequestStatus.extend({
  message: z.string().describe('"Your course is being copied …" (or its plural / child-course variant).'),
});
export const CreateChildCourseResponse = CopyCoursesResponse;

/** GET /api/courses/copy/status: one request by its tracking id. */
export const CopyStatusQuery = OrganizationQuery.extend({
  trackingId: z.uuid().describe('The copy-course tracking id returned by the copy request.'),
});
export const CopyStatusResponse = CopyRequestStatus;

/** GET /api/courses/copy/requests: the caller's recent requests in the institution. */
export const CopyRequestsQuery = OrganizationQuery.extend({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24)
    .describe('Requests made within this many hours (1 to 720, default 24).'),
});
export const CopyRequestsResponse = z.object({
  requests: z.array(CopyRequestStatus).describe('Newest first, at most 20.'),
});

/** POST /api/courses/copy/retry: queue failed courses again. */
export const RetryCopyBody = z.object({
  organizationId: RowId.describe('Institution of the courses.'),
  ids: z
    .array(RowId)
    .min(1)
    .max(COPY_MAX_COURSES)
    .describe('Ids of courses (CopyStatusEntry.id) in status Failed or FailedPermanently.'),
});
export const RetryCopyResponse = z.object({
  statuses: z.array(CopyStatusEntry).describe('The retried courses, queued again.'),
});

/** What a copy of a section will look like, for the confirm dialog. */
export const CopyPreview = z.object({
  courseName: z.string().describe("The source course's name."),
  sectionCode: z
    .string()
    .nullable()
    .describe("The source section's code (e.g. 002): sections of one course share their name."),
  courseType: z.string().describe('parent | child | standalone'),
  sourceStartDate: z.string().describe("The source course's start date."),
  sourceEndDate: z.string().describe("The source course's end date."),
  startDate: z
    .string()
    .describe(
      "Suggested dates of the copy: the source's, moved by whole weeks to start after it ends and not in the past.",
    ),
  endDate: z.string().describe('Suggested end date of the copy (same length as the source).'),
  censusDuration: z
    .number()
    .int()
    .describe(
      "Census duration in days that applies to the copy (the section's, else the institution's); -1 = not set.",
    ),
  inclusiveOfferEndsOn: z
    .string()
    .nullable()
    .describe("Last day of the institution's inclusive offer, if it has one."),
});

/** The validation of one section for a copy (spec §5, §8). */
export const CopyValidationResult = z.object({
  sectionId: z.number().int().describe('The section checked.'),
  valid: z.boolean().describe('True when the section may be copied.'),
  code: z.number().int().nullable().describe('101-107, or 160 for an application error; null when valid.'),
  message: z.string().nullable().describe("The code's message; null when valid."),
  preview: CopyPreview.describe('Details for the confirm dialog.'),
});

const ValidationContext = z.enum(['copy', 'child']).default('copy');
const UserContextId = IdParam.optional();

/** GET /api/courses/courseCopyValidation: may this section be copied? */
export const CopyValidationQuery = OrganizationQuery.extend({
  sectionId: IdParam.describe('The section to check.'),
  userContextId: UserContextId.describe('Id of the user whose rights are checked (default: the caller).'),
  context: ValidationContext.describe('copy (default) or child: the request the validation is for.'),
});
export const CopyValidationResponse = CopyValidationResult;

/** GET /api/courses/copyCourseValidations: may these sections be copied (several at once)? */
export const CopyValidationsQuery = OrganizationQuery.extend({
  sectionIds: text()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Comma-separated section ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(RowId).min(1).max(COPY_MAX_COURSES))
    .describe('Comma-separated section ids (1 to 1,000).'),
  userContextId: UserContextId.describe('Id of the user whose rights are checked (default: the caller).'),
  context: ValidationContext.describe('copy (default) or child: the request the validation is for.'),
});
export const CopyValidationsResponse = z.object({
  valid: z.boolean().describe('True when every section may be copied.'),
  validations: z
    .array(CopyValidationResult)
    .describe('One result per requested section, in the order asked.'),
});

const VENDOR = 'Please try again. If the problem persists, contact your software vendor';
/** Success and failure texts of spec §8 (the web shows the same English from its catalogs). */
export const COPY_MESSAGES = {
  copyStartedOne:
    "Your course is being copied and may take up to 24 hours to create. You'll receive an alert when it is ready.",
  copyStartedMany:
    "Your courses are being copied and may take up to 24 hours to create. You'll receive an alert when they are ready.",
  childStarted:
    "Your child course is being created and may take up to 24 hours to create. You'll receive an alert when it is ready.",
  copyFailedOne: `We can't copy the course that you selected. ${VENDOR}`,
  copyFailedMany: `We can't copy one of the courses you selected. ${VENDOR}`,
  childFailed: `We can't create the child course that you selected. ${VENDOR}`,
} as const;

/** The course-copy operations: copy, child course, copy status and requests, retry, copy validation. */
export const courseCopyApi = {
  copy: defineRoute({
    method: 'POST',
    path: '/api/courses/copy',
    body: CopyCoursesBody,
    response: CopyCoursesResponse,
  }),
  createChild: defineRoute({
    method: 'POST',
    path: '/api/courses/createChildCourse',
    body: CreateChildCourseBody,
    response: CreateChildCourseResponse,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/courses/copy/status',
    query: CopyStatusQuery,
    response: CopyStatusResponse,
  }),
  requests: defineRoute({
    method: 'GET',
    path: '/api/courses/copy/requests',
    query: CopyRequestsQuery,
    response: CopyRequestsResponse,
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/courses/copy/retry',
    body: RetryCopyBody,
    response: RetryCopyResponse,
  }),
  validation: defineRoute({
    method: 'GET',
    path: '/api/courses/courseCopyValidation',
    query: CopyValidationQuery,
    response: CopyValidationResponse,
  }),
  validations: defineRoute({
    method: 'GET',
    path: '/api/courses/copyCourseValidations',
    query: CopyValidationsQuery,
    response: CopyValidationsResponse,
  }),
};
