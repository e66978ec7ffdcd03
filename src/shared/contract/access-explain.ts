import { z } from 'zod';
import { FLAGS, RULE_NAMES } from '../permissions';
import { CapabilitiesSchema } from './capabilities';
import { FlagName, IdParam, PermissionName, text } from './common';
import { defineRoute } from './route';

/** A capability rule of src/shared/permissions.ts (what a user may do: view courses, copy a course, …). */
export const RuleName = z.enum(RULE_NAMES);

/** "Explain access": may this user do this in this institution, and why. */
export const ExplainAccessQuery = z.object({
  organizationId: IdParam.describe('Institution the question is about.'),
  userId: IdParam.describe('User the question is about.'),
  rule: RuleName.describe('The capability rule asked about (e.g. copyCourses, viewUsers).'),
});
export type ExplainAccessQueryT = z.infer<typeof ExplainAccessQuery>;

/** What can decide a rule, besides one group: a flag, the internal-user role, membership. */
export const ExplainSource = z.enum([...FLAGS, 'internalUser', 'member']);
export type ExplainSourceT = z.infer<typeof ExplainSource>;

export const ExplainGroup = z.object({
  groupId: z.number().int().describe('Group (role) id.'),
  name: z.string().describe('Group name.'),
  institutionId: z
    .number()
    .int()
    .nullable()
    .describe('Institution of the group; null for provider-wide groups.'),
  institutionName: z.string().nullable().describe("The group's institution name."),
  permissions: z.array(PermissionName).describe('Permissions the group grants.'),
  counts: z
    .boolean()
    .describe(
      'The group adds its permissions in the asked institution (its own institution, or any for flag holders; never the internal-user group).',
    ),
  internal: z.boolean().describe("The environment's internal-user group."),
  decisive: z.boolean().describe('Without this group the answer would change from allowed to denied.'),
});

export const ExplainAccessResponse = z.object({
  user: z
    .object({
      id: z.number().int().describe('User id.'),
      username: z.string().describe('Username.'),
      displayName: z.string().describe('First and last name.'),
    })
    .describe('The user asked about.'),
  institution: z
    .object({
      id: z.number().int().describe('Institution id.'),
      name: z.string().describe('Institution display name.'),
    })
    .describe('The institution asked about.'),
  rule: RuleName.describe('The rule asked about.'),
  allowed: z
    .boolean()
    .describe("The verdict: RULES[rule] on capabilities() of the user, as the server's routes decide."),
  gated: z.boolean().describe('The rule also needs dashboard access (every rule but authenticated).'),
  dashboardAccess: z
    .boolean()
    .describe(
      'The dashboard gate passes: CAN_ACCESS_ADMIN_DASHBOARD there, a staff flag or the internal-user role.',
    ),
  ownRule: z.boolean().describe("The rule's own condition passes (without the dashboard gate)."),
  capabilities: CapabilitiesSchema.describe('capabilities() of the user in the institution.'),
  groups: z.array(ExplainGroup).describe("The user's groups in every institution, and what each gives here."),
  decisiveSources: z
    .array(ExplainSource)
    .describe('Allowed: flags, internal-user role or membership without which the answer would be denied.'),
  blockingFlags: z
    .array(ExplainSource)
    .describe(
      'Denied: flags or roles whose exception denies the rule (e.g. associate super admin, nasupport, internal user): without it, allowed.',
    ),
  missingPermissions: z
    .array(PermissionName)
    .describe('Denied: permissions any one of which, held in this institution, would allow it.'),
  notMember: z.boolean().describe('Denied: being a member of the institution would allow it.'),
  tabs: z.array(z.string()).describe('Header tabs this rule opens (keys of TABS).'),
});
export type ExplainAccessResponseT = z.infer<typeof ExplainAccessResponse>;

/** People one may ask about in an institution. */
export const ExplainUsersQuery = z.object({
  organizationId: IdParam.describe('Institution the question is about.'),
  q: text().trim().max(100).optional().describe('Part of the name, username or e-mail.'),
});
export const ExplainUsersResponse = z.object({
  users: z
    .array(
      z.object({
        id: z.number().int().describe('User id.'),
        username: z.string().describe('Username.'),
        displayName: z.string().describe('First and last name.'),
        email: z.string().describe('E-mail address.'),
        flags: z.array(FlagName).describe('Staff flags the user holds.'),
      }),
    )
    .describe('Up to 20 matching users: members of the institution, or anyone for staff askers.'),
});
export type ExplainUsersResponseT = z.infer<typeof ExplainUsersResponse>;

/** "Explain access": the verdict on one user, rule and institution, and the users one may ask about. */
export const accessExplainApi = {
  explain: defineRoute({
    method: 'GET',
    path: '/api/access/explain',
    query: ExplainAccessQuery,
    response: ExplainAccessResponse,
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/access/explain/users',
    query: ExplainUsersQuery,
    response: ExplainUsersResponse,
  }),
};
