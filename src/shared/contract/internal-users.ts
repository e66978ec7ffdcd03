import { z } from 'zod';
import { INTERNAL_USER_RIGHTS } from '../permissions';
import { INT_MAX, text } from './common';
import { defineRoute } from './route';

/** Spec §2/§5 texts of the EAD Admin page. */
export const INTERNAL_USER_MESSAGES = {
  created: 'Internal User Role has been added successfully.',
  removed: 'Internal User Role has been removed successfully.',
  missing: 'User name or Email Missing',
  invalidUsername: 'Invalid Username',
  alreadyInternal: 'This user is already an internal user.',
} as const;

/** The OpenAPI description of each internal-user right (spec §2 role summary). */
const INTERNAL_USER_RIGHT_TEXT: Record<keyof typeof INTERNAL_USER_RIGHTS, string> = {
  accessAllInstitutions: 'Access to all institutions.',
  accessCoursesTab: 'May open the Courses tab.',
  accessCourseDetailsTab: 'May open the Course Details tab.',
  accessOffersPage: 'May open the Offers page.',
  accessProductsTab: 'May open the Products tab.',
  accessAdminTab: 'May open the Inclusive Access tab.',
  copyCoursesInCourseTab: 'May copy courses in the Courses tab (never: false).',
  editCourseInformationInCourseTab: 'May edit course information in the Courses tab (never: false).',
  editCourseInformationInCourseDetailsTab:
    'May edit course information in the Course Details tab (never: false).',
};

/** The fixed rights of an internal user, as booleans. */
export const InternalUserRights = z.object(
  Object.fromEntries(
    Object.keys(INTERNAL_USER_RIGHTS).map((k) => [
      k,
      z.boolean().describe(INTERNAL_USER_RIGHT_TEXT[k as keyof typeof INTERNAL_USER_RIGHTS]),
    ]),
  ) as Record<keyof typeof INTERNAL_USER_RIGHTS, z.ZodBoolean>,
);

/** One internal user (spec §3). */
export const InternalUser = z.object({
  piId: z.string().describe('Identity id (IES ID).'),
  memberName: z.string().describe('"First Last".'),
  email: z.string().describe('E-mail address.'),
  userName: z.string().describe('Account username.'),
  memberType: z.literal('identity_id').describe('Always "identity_id": piId is an identity id.'),
  permissions: InternalUserRights.describe('The fixed rights every internal user has.'),
});
export type InternalUser = z.infer<typeof InternalUser>;

/** GET /api/groupAuth/userGroupDetails?groupId= ; without groupId: the environment's internal group. */
export const UserGroupDetailsQuery = z.object({
  groupId: text()
    .trim()
    .max(100)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= INT_MAX, 'A numeric group id is at most 2147483647.')
    .optional()
    .describe('The internal group: its environment id (e.g. ead-internal-dev) or its numeric id.'),
});

export const UserGroupDetailsResponse = z.object({
  groupId: z
    .number()
    .int()
    .describe('Numeric id of the internal group (for POST/DELETE groupAuth/groupMember).'),
  externalId: z.string().describe("The environment's id of the group."),
  users: z.array(InternalUser).describe('Members of the internal group.'),
  canEdit: z.boolean().describe('The caller may create and remove internal users (super admins).'),
});

/** Header of InternalUserList.csv (spec §3 without the {hash} placeholders). */
export const INTERNAL_USER_CSV_HEADER = [
  'IES ID',
  'IES User Name',
  'IES e-mail address',
  'accessAllInstitutions',
  'accessCoursesTab',
  'accessCourseDetailsTab',
  'accessOffersPage',
  'accessProductsTab',
  'Inclusive Access Tab',
  'copyCoursesInCourseTab',
  'editCourseInformationInCourseTab',
  'editCourseInformationInCourseDetailsTab',
] as const;

export const INTERNAL_USER_CSV_FILE = 'InternalUserList.csv';

/**
 * Spec §4 search: case-insensitive contains on email, piId, memberName and userName; an empty
 * search returns the whole list.
 */
export function filterInternalUsers<
  T extends Pick<InternalUser, 'email' | 'piId' | 'memberName' | 'userName'>,
>(users: T[], search: string): T[] {
  const q = search.trim().toLowerCase();
  if (!q) return users;
  return users.filter((u) =>
    [u.email, u.piId, u.memberName, u.userName].some((v) => v.toLowerCase().includes(q)),
  );
}

/** The EAD Admin page's reads: the internal users, and their CSV. */
export const internalUsersApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/groupAuth/userGroupDetails',
    query: UserGroupDetailsQuery,
    response: UserGroupDetailsResponse,
  }),
  export: defineRoute({ method: 'GET', path: '/api/groupAuth/userGroupDetails/export' }),
};
