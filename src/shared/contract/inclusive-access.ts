import { z } from 'zod';
import { OPT_STATUSES } from '../status';
import { IdParam, RowId, text } from './common';
import { defineRoute } from './route';

/** How students take part: opt-out (in unless they opt out), opt-in (out unless they opt in), none. */
export const OPT_MODELS = ['optOut', 'optIn', 'none'] as const;
export type OptModel = (typeof OPT_MODELS)[number];

/** Why an enrollment is (not) billable at census. The first two are billable. */
export const BILLABLE_REASONS = [
  'billable',
  'droppedAfterCensus',
  'staff',
  'notInclusive',
  'droppedBeforeCensus',
  'optedOut',
  'notOptedIn',
  'providerPaid',
  'trialRunning',
  'accessExpired',
] as const;
export type BillableReason = (typeof BILLABLE_REASONS)[number];

/** What dropped an enrollment. */
export const DROP_CAUSES = ['rosterSync', 'removal', 'nrpsInactive', 'optOutFile'] as const;
export type DropCause = (typeof DROP_CAUSES)[number];

export const REASON_MAX = 500;

export const OptWindowSchema = z.object({
  optModel: z.enum(OPT_MODELS).describe("optOut, optIn or none (from the institution's offer type)."),
  censusDate: z.string().nullable().describe('Census date (YYYY-MM-DD); null: census not set.'),
  daysLeft: z
    .number()
    .int()
    .nullable()
    .describe('Days from today to census (0 on census day, negative after); null without census.'),
  locked: z.boolean().describe('Opt status changes are locked (census day reached).'),
});

export const BillingSchema = z.object({
  billable: z.boolean().describe('Whether the institution is billed for this enrollment at census.'),
  reason: z.enum(BILLABLE_REASONS).describe('Why it is (not) billable.'),
});

/** Query naming a course (section) for the row actions. */
export const SectionActionQuery = z.object({
  sectionId: IdParam.describe("The course's section id."),
});

/** POST /api/inclusive-access/opt-status?sectionId= : set a student's opt status (staff). */
export const OptChangeBody = z.strictObject({
  enrollmentId: RowId.describe('The enrollment (a student of the course).'),
  optStatus: z.enum(OPT_STATUSES).describe('optin or optout.'),
  reason: text()
    .trim()
    .max(REASON_MAX)
    .optional()
    .describe('Why (required after census, for a late override; at most 500 characters).'),
});
export const OptChangeResponse = z.object({
  enrollmentId: z.number().int().describe('The enrollment changed.'),
  optStatus: z.enum(OPT_STATUSES).describe('Its opt status now.'),
  late: z.boolean().describe('The change was a late override (after census).'),
  changed: z.boolean().describe('false: the status already was this one (nothing written).'),
});

/** POST /api/inclusive-access/extend-trial?sectionId= : extend a running 14 day trial. */
export const ExtendTrialBody = z.strictObject({
  enrollmentId: RowId.describe('The enrollment (a student on a trial).'),
  days: z.number().int().min(1).max(14).describe('Days to add to the trial (1 to 14).'),
  reason: text().trim().min(1).max(REASON_MAX).describe('Why (required; at most 500 characters).'),
});
export const ExtendTrialResponse = z.object({
  enrollmentId: z.number().int().describe('The enrollment changed.'),
  accessEndsAt: z.string().describe('When the trial now ends (ISO 8601).'),
});

/** POST /api/inclusive-access/access-mail?sectionId= : send the student their access e-mail again. */
export const ResendAccessMailBody = z.strictObject({
  enrollmentId: RowId.describe('The enrollment (a student of the course).'),
});
export const ResendAccessMailResponse = z.object({
  queued: z.literal(true).describe('The e-mail is queued.'),
});

/** POST /api/inclusive-access/drop?sectionId= : remove a student from the course (a drop). */
export const DropBody = z.strictObject({
  enrollmentId: RowId.describe('The enrollment to drop.'),
});
export const DropResponse = z.object({
  enrollmentId: z.number().int().describe('The enrollment dropped.'),
  droppedAt: z.string().describe('When it was dropped (ISO 8601; the first drop when dropped before).'),
  optStatus: z.enum(OPT_STATUSES).describe('Its opt status now (optout when dropped before census).'),
  beforeCensus: z.boolean().describe('Dropped before census: access ended and opted out.'),
});

/** GET /api/inclusive-access/census-report?organizationId=&coursePeriod= : per course, from the billable rule. */
export const CensusCourse = z.object({
  sectionId: z.number().int().describe("The course's section id."),
  courseName: z.string().describe('Course name.'),
  sectionCode: z.string().nullable().describe('Section code.'),
  censusDate: z.string().nullable().describe('Census date (YYYY-MM-DD); null: not set.'),
  locked: z.boolean().describe('Census reached: opt statuses are locked.'),
  enrollments: z.number().int().describe('Enrollments (billable + non-billable).'),
  billable: z.number().int().describe('Billable at census.'),
  nonBillable: z.number().int().describe('Not billable (any reason, opted out included).'),
  optedOut: z.number().int().describe('Not billable because opted out.'),
  trialRunning: z.number().int().describe('Not billable because a 14 day trial is still running.'),
  lateOverrides: z.number().int().describe('Enrollments changed by a late override after census.'),
});
export const CensusTotals = CensusCourse.pick({
  enrollments: true,
  billable: true,
  nonBillable: true,
  optedOut: true,
  trialRunning: true,
  lateOverrides: true,
});
export const CensusReportResponse = z.object({
  optModel: z.enum(OPT_MODELS).describe("The institution's opt model."),
  courses: z.array(CensusCourse).describe('One line per course with enrollments, by section id.'),
  totals: CensusTotals.describe('Sums of the course lines.'),
});

export const CensusExportQuery = z.object({
  organizationId: IdParam.describe('The institution reported on.'),
  coursePeriod: z
    .enum(['current', 'future', 'past', 'all'])
    .default('current')
    .describe('current (default), future, past or all.'),
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx.'),
});
export const CensusReportQuery = CensusExportQuery.omit({ format: true });

/** Columns of the per-student census file (CSV and .xlsx). */
export const CENSUS_STUDENT_COLUMNS = [
  'Section ID',
  'Course Name',
  'Section Code',
  'Census Date',
  'Student Name',
  'E-mail',
  'Username',
  'Role',
  'Access',
  'Opt Status',
  'Dropped',
  'Billable',
  'Reason',
  'Late Override',
] as const;

/** GET /api/inclusive-access/dashboard?organizationId= : the institution overview. */
export const DashboardQuery = z.object({
  organizationId: IdParam.describe('The institution shown.'),
});
const CourseRef = {
  sectionId: z.number().int().describe("The course's section id."),
  courseName: z.string().describe('Course name.'),
};
export const DashboardResponse = z.object({
  enrollmentByPeriod: z
    .array(
      z.object({
        period: z.enum(['past', 'current', 'future']).describe('Course period.'),
        courses: z.number().int().describe('Live courses of the period.'),
        students: z.number().int().describe('Student enrollments of those courses.'),
      }),
    )
    .describe('Courses and student enrollments per period (past, current, future).'),
  optOutNearCensus: z
    .array(
      z.object({
        ...CourseRef,
        censusDate: z.string().describe('Census date (YYYY-MM-DD).'),
        students: z.number().int().describe('Student enrollments.'),
        optedOut: z.number().int().describe('Students opted out.'),
      }),
    )
    .describe(
      'Courses whose census is within the last 30 or the next 90 days, highest opt-out rate first (10).',
    ),
  pairing: z
    .object({
      paired: z.number().int().describe('Current and future courses paired to a product.'),
      unpaired: z.number().int().describe('Current and future courses without a product.'),
    })
    .describe('Pairing readiness of the current and future courses.'),
  copyOutcomes: z
    .array(
      z.object({
        status: z.string().describe('Copy status.'),
        count: z.number().int().describe('Course copies with this status.'),
      }),
    )
    .describe('Course copies requested in the last 30 days, by status.'),
  lowEnrollment: z
    .array(z.object({ ...CourseRef, students: z.number().int().describe('Student enrollments.') }))
    .describe(
      'Current student courses (not masters nor instructor previews) under the low-enrollment threshold, fewest first (10).',
    ),
  lowEnrollmentThreshold: z.number().int().describe('The low-enrollment threshold.'),
});

/** The inclusive-access operations: roster row actions, census report and file, dashboard. */
export const inclusiveAccessApi = {
  optStatus: defineRoute({
    method: 'POST',
    path: '/api/inclusive-access/opt-status',
    query: SectionActionQuery,
    body: OptChangeBody,
    response: OptChangeResponse,
  }),
  extendTrial: defineRoute({
    method: 'POST',
    path: '/api/inclusive-access/extend-trial',
    query: SectionActionQuery,
    body: ExtendTrialBody,
    response: ExtendTrialResponse,
  }),
  accessMail: defineRoute({
    method: 'POST',
    path: '/api/inclusive-access/access-mail',
    query: SectionActionQuery,
    body: ResendAccessMailBody,
    response: ResendAccessMailResponse,
  }),
  drop: defineRoute({
    method: 'POST',
    path: '/api/inclusive-access/drop',
    query: SectionActionQuery,
    body: DropBody,
    response: DropResponse,
  }),
  censusReport: defineRoute({
    method: 'GET',
    path: '/api/inclusive-access/census-report',
    query: CensusReportQuery,
    response: CensusReportResponse,
  }),
  /** The per-student census file (CSV or .xlsx): a download. */
  censusStudents: defineRoute({
    method: 'GET',
    path: '/api/inclusive-access/census-report/students',
    query: CensusExportQuery,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/inclusive-access/dashboard',
    query: DashboardQuery,
    response: DashboardResponse,
  }),
};
