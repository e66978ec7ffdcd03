import { z } from 'zod';
import { OkResponse, RowId, text } from './common';
import { defineRoute } from './route';

/** Longest act-as session: 60 minutes. */
export const ACT_AS_MAX_MINUTES = 60;

/** POST /api/act-as/start: act as a member of an institution for a while, with a reason. */
export const StartActAsBody = z.object({
  organizationId: RowId.describe('The institution the acted-as user is a member of; calls stay in it.'),
  userId: RowId.describe('The user to act as.'),
  reason: text()
    .trim()
    .min(1, 'A reason is required.')
    .max(500)
    .describe('Why support acts as this user (required; kept in the audit log).'),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(ACT_AS_MAX_MINUTES)
    .default(30)
    .describe('How long act-as lasts, 1 to 60 minutes (it also ends on stop and on logout).'),
  allowWrites: z
    .boolean()
    .default(false)
    .describe('Allow changes while acting (super admins only); read-only otherwise.'),
});

/** The act-as state of a session, as the session call and start answer it. */
export const ActAsState = z.object({
  userId: z.number().int().describe('The acted-as user.'),
  username: z.string().describe("The acted-as user's username."),
  displayName: z.string().describe("The acted-as user's name."),
  organizationId: z.number().int().describe('The institution acted in.'),
  institutionName: z.string().describe("That institution's display name."),
  realUserId: z.number().int().describe('The signed-in support user.'),
  realDisplayName: z.string().describe("The signed-in support user's name."),
  reason: z.string().describe('The reason given at start.'),
  allowWrites: z.boolean().describe('Whether changes are allowed (read-only otherwise).'),
  expiresAt: z.string().describe('When act-as ends by itself (ISO 8601).'),
});

export const StartActAsResponse = ActAsState;

/** GET /api/act-as/candidates: members of an institution one may act as. */
export const ActAsCandidatesQuery = z.object({
  organizationId: z.coerce.number().int().min(1).max(2_147_483_647).describe('The institution.'),
  q: text()
    .trim()
    .max(200)
    .default('')
    .describe('Part of a name, username or e-mail; empty for the first ones.'),
});

export const ActAsCandidatesResponse = z.object({
  users: z
    .array(
      z.object({
        userId: z.number().int().describe('User id.'),
        username: z.string().describe('Username.'),
        displayName: z.string().describe('First and last name.'),
        email: z.string().describe('E-mail address.'),
        role: z
          .string()
          .nullable()
          .describe("The names of the user's roles in the institution, comma-separated; null when none."),
      }),
    )
    .describe('Up to 20 staff members (students left out) the caller may act as, by name.'),
});

/** Act-as for support: start, stop, and whom one may act as. */
export const actAsApi = {
  start: defineRoute({
    method: 'POST',
    path: '/api/act-as/start',
    body: StartActAsBody,
    response: StartActAsResponse,
  }),
  stop: defineRoute({ method: 'POST', path: '/api/act-as/stop', response: OkResponse }),
  candidates: defineRoute({
    method: 'GET',
    path: '/api/act-as/candidates',
    query: ActAsCandidatesQuery,
    response: ActAsCandidatesResponse,
  }),
};
