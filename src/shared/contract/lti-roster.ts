/**
 * LTI Names and Role Provisioning (NRPS) roster sync of paired courses: in the LTI console (per
 * registration) and on the course detail page.
 */
import { z } from 'zod';
import { IdParam } from './common';
import { SectionQuery } from './courses';
import { defineRoute } from './route';

/** Names and Role Provisioning (NRPS) roster sync of one paired course. */
export const LtiRosterSync = z.object({
  pairingId: z.number().int().describe('Pairing id (the paired LMS course).'),
  lmsCourseId: z.string().describe('LMS course (context) id.'),
  lmsCourseName: z.string().nullable().describe('LMS course name, when known.'),
  sectionId: z.number().int().nullable().describe('The course (section) its roster fills.'),
  lastSyncAt: z.string().nullable().describe('When the last sync finished (ISO 8601); null if never.'),
  counts: z
    .object({
      added: z.number().int().describe('Learners enrolled.'),
      updated: z.number().int().describe('Learners enrolled again after a drop.'),
      dropped: z.number().int().describe('Learners marked dropped (inactive or gone).'),
      instructors: z.number().int().describe('Instructors and TAs recorded.'),
    })
    .nullable()
    .describe('Counts of the last finished sync.'),
  lastError: z
    .string()
    .nullable()
    .describe('Reason code of the last failed attempt (lti.roster.*); null after a success.'),
  lastErrorAt: z.string().nullable().describe('When it failed (ISO 8601).'),
  resuming: z.boolean().describe('Whether a sync stopped midway and resumes from its page.'),
});

export const LtiRosterSyncParams = z.object({
  registrationId: IdParam.describe('Registration id.'),
  pairingId: IdParam.describe('Pairing id.'),
});

/** GET and POST /api/courses/rosterSync?sectionId= : the course's NRPS roster sync, on the course detail page. */
export const CourseRosterSyncResponse = z.object({
  sync: LtiRosterSync.nullable().describe(
    'Its roster sync; null when the course is not paired through an LTI launch carrying NRPS.',
  ),
  canSync: z.boolean().describe('Whether the user may run "Sync roster now" here.'),
});

/** The NRPS roster sync of a paired course: from the LTI console and from the course detail page. */
export const ltiRosterApi = {
  syncPairing: defineRoute({
    method: 'POST',
    path: '/api/lti/registrations/:registrationId/rosterSyncs/:pairingId',
    params: LtiRosterSyncParams,
    response: LtiRosterSync,
  }),
  courseSync: defineRoute({
    method: 'GET',
    path: '/api/courses/rosterSync',
    query: SectionQuery,
    response: CourseRosterSyncResponse,
  }),
  syncCourse: defineRoute({
    method: 'POST',
    path: '/api/courses/rosterSync',
    query: SectionQuery,
    response: CourseRosterSyncResponse,
  }),
};
