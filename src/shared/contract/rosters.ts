import { z } from 'zod';
import { OPT_STATUSES } from '../status';
import { IdParam } from './common';

/** GET /api/courses/roster?sectionId= : one page of a course's students. */
export const RosterQuery = z.object({
  sectionId: IdParam,
  /** Case-insensitive part of the student's name, e-mail or username. */
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Rows per page (at most 200). */
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(['lastName', 'email', 'accessEndsAt', 'currentAccess', 'optStatus']).default('lastName'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const RosterStudent = z.object({
  enrollmentId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  /** Spec §3 Access: PAID or TEMP and when it ends (null: no end). Shown through accessDisplay. */
  access: z.object({ type: z.string(), endsAt: z.string().nullable() }),
  /** Not_Paid, Institution_Paid, Provider_Paid, or null (shown NA). */
  currentAccess: z.string().nullable(),
  /** optin or optout. */
  optStatus: z.enum(OPT_STATUSES),
});

export const RosterResponse = z.object({
  sectionId: z.number().int(),
  courseName: z.string(),
  students: z.array(RosterStudent),
  /** Students matching the search (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/courses/roster/export?sectionId= : the whole roster as CSV. */
export const RosterExportQuery = z.object({ sectionId: IdParam });
