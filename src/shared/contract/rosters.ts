import { z } from 'zod';
import { OPT_STATUSES } from '../status';
import { IdParam, text } from './common';
import { BillingSchema, DROP_CAUSES, OptWindowSchema } from './inclusive-access';
import { defineRoute } from './route';

/** GET /api/courses/roster?sectionId= : one page of a course's students. */
export const RosterQuery = z.object({
  sectionId: IdParam.describe("The course's section id."),
  q: text()
    .trim()
    .max(200)
    .default('')
    .describe("Case-insensitive part of the student's name, e-mail or username."),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number.'),
  pageSize: z.coerce.number().int().min(1).max(200).default(25).describe('Rows per page (at most 200).'),
  sort: z
    .enum(['lastName', 'email', 'accessEndsAt', 'currentAccess', 'optStatus'])
    .default('lastName')
    .describe('Sort column (default lastName).'),
  order: z.enum(['asc', 'desc']).default('asc').describe('asc (default) or desc.'),
});

export const RosterStudent = z.object({
  enrollmentId: z.number().int().describe('Enrollment id.'),
  userId: z.number().int().describe("The student's user id."),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
  email: z.string().describe('E-mail address.'),
  username: z.string().describe('Account username.'),
  access: z
    .object({
      type: z.string().describe('PAID or TEMP (the 14 day trial).'),
      endsAt: z.string().nullable().describe('When the access ends (ISO 8601); null: no end.'),
    })
    .describe('Access: PAID or TEMP and when it ends (null: no end). Shown through accessDisplay.'),
  currentAccess: z
    .string()
    .nullable()
    .describe('Not_Paid, Institution_Paid, Provider_Paid, or null (shown NA).'),
  optStatus: z.enum(OPT_STATUSES).describe('optin or optout.'),
  courseRole: z
    .enum(['student', 'instructor', 'ta'])
    .describe('student, or instructor / ta on the roster (never billed, no opt action).'),
  optDecided: z.boolean().describe('The student (or staff for them) has chosen an opt status.'),
  remindedAt: z.string().nullable().describe('When the opt reminder was sent (ISO 8601); null: not sent.'),
  droppedAt: z.string().nullable().describe('When the enrollment was dropped (ISO 8601); null: active.'),
  dropCause: z.enum(DROP_CAUSES).nullable().describe('What dropped it; null: active.'),
  billing: BillingSchema.describe('Billable at census or not, with the reason (the one billable rule).'),
});

export const RosterResponse = z.object({
  sectionId: z.number().int().describe("The course's section id."),
  courseName: z.string().describe('Course name.'),
  window: OptWindowSchema.describe('The opt model, census date, days left and lock of the course.'),
  students: z.array(RosterStudent).describe('The students of the requested page.'),
  total: z.number().int().describe('Students matching the search (all pages).'),
  page: z.number().int().describe('1-based page number answered.'),
  pageSize: z.number().int().describe('Rows per page.'),
});

/** GET /api/courses/roster/export?sectionId= : the whole roster as CSV. */
export const RosterExportQuery = z.object({ sectionId: IdParam.describe("The course's section id.") });

/** A course's roster: one page as JSON, or all of it as a CSV download. */
export const rostersApi = {
  roster: defineRoute({
    method: 'GET',
    path: '/api/courses/roster',
    query: RosterQuery,
    response: RosterResponse,
  }),
  export: defineRoute({ method: 'GET', path: '/api/courses/roster/export', query: RosterExportQuery }),
};
