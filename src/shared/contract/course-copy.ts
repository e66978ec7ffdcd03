import { z } from 'zod';
import { COPY_STATUSES, type CopyStatus, USABLE_OFFER_STATUSES } from '../status';
import { addDaysIso, COURSE_NAME_MAX, censusDate, daysBetween, VALIDATION_TEXT } from '../validation';
import { IdParam, OrganizationQuery } from './common';

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
/** Offer statuses that make an offer active (spec §4: APPROVED or NEW show Active; code 107). */
export const ACTIVE_OFFER_STATUSES = USABLE_OFFER_STATUSES;

/** Most courses in one copy request. */
export const COPY_MAX_COURSES = 1000;

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date();
const Id = z.number().int().positive().max(2_147_483_647);

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

const CourseName = z
  .string()
  .trim()
  .min(1, VALIDATION_TEXT.courseNameRequired)
  .max(COURSE_NAME_MAX, VALIDATION_TEXT.courseNameMax);

const endAfterStart = (v: { startDate: string; endDate: string }) => v.endDate > v.startDate;
const END_AFTER_START = { message: VALIDATION_TEXT.endBeforeStart, path: ['endDate'] };

/** One course to copy: the source section and the new course's name and dates. */
export const CopyCourseItem = z
  .object({
    /** The section to copy. */
    sectionId: Id,
    /** Name of the new course. */
    courseName: CourseName,
    /** First day of the new course (YYYY-MM-DD). */
    startDate: IsoDate,
    /** Last day of the new course (YYYY-MM-DD), after the start date. */
    endDate: IsoDate,
  })
  .refine(endAfterStart, END_AFTER_START);

/** POST /api/courses/copy: copy one course or several at once. */
export const CopyCoursesBody = z.object({
  /** The institution whose sections are copied. */
  organizationId: Id,
  /** The courses to copy (1 to 1,000); the same section may appear more than once. */
  courses: z.array(CopyCourseItem).min(1).max(COPY_MAX_COURSES),
  /** E-mail the requester when every course of the request has reached a final status. */
  sendEmail: z.boolean().default(false),
});

/** POST /api/courses/createChildCourse: a child course of a parent section. */
export const CreateChildCourseBody = z
  .object({
    /** The parent's institution. */
    organizationId: Id,
    /** The parent section; it becomes (or stays) a parent. */
    parentSectionId: Id,
    /** Name of the child course. */
    courseName: CourseName,
    /** First day of the child course (YYYY-MM-DD). */
    startDate: IsoDate,
    /** Last day of the child course (YYYY-MM-DD). */
    endDate: IsoDate,
    /** E-mail the requester when the child course is created or has failed. */
    sendEmail: z.boolean().default(false),
  })
  .refine(endAfterStart, END_AFTER_START);

/** The status of one course of a request. */
export const CopyStatusEntry = z.object({
  /** Id of this course of the request (also the id of its copy-status alert). */
  id: z.number().int(),
  /** The copy-course tracking id of the request. */
  trackingId: z.string(),
  /** The section copied (the parent, for a child course). */
  sourceSectionId: z.number().int(),
  /** The new section, once created. */
  sectionId: z.number().int().nullable(),
  /** Name of the new course. */
  courseName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(COPY_STATUSES),
  /** Why the course failed or was not applicable, in words; null otherwise. */
  reason: z.string().nullable(),
  /** Spec §8 code of the failure (101-107, or 160 for an application error); null otherwise. */
  reasonCode: z.number().int().nullable(),
  /** Attempts started so far. */
  attempts: z.number().int(),
  /** Last change (ISO 8601). */
  updatedAt: z.string(),
  /** When a final status was reached (ISO 8601). */
  finishedAt: z.string().nullable(),
});

/** One request and its courses. */
export const CopyRequestStatus = z.object({
  /** The copy-course tracking id. */
  trackingId: z.string(),
  /** copy: course copy; child: child-course creation. */
  kind: z.enum(['copy', 'child']),
  /** The requester is e-mailed when the request finishes. */
  sendEmail: z.boolean(),
  createdAt: z.string(),
  /** Every course has reached a final status. */
  finished: z.boolean(),
  finishedAt: z.string().nullable(),
  statuses: z.array(CopyStatusEntry),
});

/** Answer of a copy or child request: the request, queued, and the success text of spec §8. */
export const CopyCoursesResponse = CopyRequestStatus.extend({
  /** "Your course is being copied …" (or its plural / child-course variant). */
  message: z.string(),
});
export const CreateChildCourseResponse = CopyCoursesResponse;

/** GET /api/courses/copy/status: one request by its tracking id. */
export const CopyStatusQuery = OrganizationQuery.extend({
  /** The copy-course tracking id returned by the copy request. */
  trackingId: z.uuid(),
});
export const CopyStatusResponse = CopyRequestStatus;

/** GET /api/courses/copy/requests: the caller's recent requests in the institution. */
export const CopyRequestsQuery = OrganizationQuery.extend({
  /** Requests made within this many hours (default 24). */
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
});
export const CopyRequestsResponse = z.object({
  /** Newest first, at most 20. */
  requests: z.array(CopyRequestStatus),
});

/** POST /api/courses/copy/retry: queue failed courses again. */
export const RetryCopyBody = z.object({
  organizationId: Id,
  /** Ids of courses (CopyStatusEntry.id) in status Failed or FailedPermanently. */
  ids: z.array(Id).min(1).max(COPY_MAX_COURSES),
});
export const RetryCopyResponse = z.object({
  /** The retried courses, queued again. */
  statuses: z.array(CopyStatusEntry),
});

/** What a copy of a section will look like, for the confirm dialog. */
export const CopyPreview = z.object({
  /** The source course's name. */
  courseName: z.string(),
  /** parent | child | standalone */
  courseType: z.string(),
  /** The source course's dates. */
  sourceStartDate: z.string(),
  sourceEndDate: z.string(),
  /** Suggested dates of the copy: the source's, moved by whole weeks to start after it ends and not in the past. */
  startDate: z.string(),
  endDate: z.string(),
  /** Census duration in days that applies to the copy (the section's, else the institution's); -1 = not set. */
  censusDuration: z.number().int(),
  /** Last day of the institution's inclusive offer, if it has one. */
  inclusiveOfferEndsOn: z.string().nullable(),
});

/** The validation of one section for a copy (spec §5, §8). */
export const CopyValidationResult = z.object({
  sectionId: z.number().int(),
  /** True when the section may be copied. */
  valid: z.boolean(),
  /** 101-107, or 160 for an application error; null when valid. */
  code: z.number().int().nullable(),
  /** The code's message of spec §8; null when valid. */
  message: z.string().nullable(),
  /** Details for the confirm dialog. */
  preview: CopyPreview,
});

const ValidationContext = z.enum(['copy', 'child']).default('copy');
/** Id of the user whose rights are checked (default: the caller). */
const UserContextId = IdParam.optional();

/** GET /api/courses/courseCopyValidation: may this section be copied? */
export const CopyValidationQuery = OrganizationQuery.extend({
  sectionId: IdParam,
  userContextId: UserContextId,
  /** copy (default) or child: the request the validation is for. */
  context: ValidationContext,
});
export const CopyValidationResponse = CopyValidationResult;

/** GET /api/courses/copyCourseValidations: may these sections be copied (several at once)? */
export const CopyValidationsQuery = OrganizationQuery.extend({
  /** Comma-separated section ids (1 to 1,000). */
  sectionIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Comma-separated section ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(COPY_MAX_COURSES)),
  userContextId: UserContextId,
  context: ValidationContext,
});
export const CopyValidationsResponse = z.object({
  /** True when every section may be copied. */
  valid: z.boolean(),
  validations: z.array(CopyValidationResult),
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
