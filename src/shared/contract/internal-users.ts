import { z } from 'zod';
import { INTERNAL_USER_RIGHTS } from '../permissions';

/** Spec §2/§5 texts of the EAD Admin page. */
export const INTERNAL_USER_MESSAGES = {
  created: 'Internal User Role has been added successfully.',
  removed: 'Internal User Role has been removed successfully.',
  missing: 'User name or Email Missing',
  invalidUsername: 'Invalid Username',
  alreadyInternal: 'This user is already an internal user.',
} as const;

/** The fixed rights of an internal user, as booleans. */
export const InternalUserRights = z.object(
  Object.fromEntries(Object.keys(INTERNAL_USER_RIGHTS).map((k) => [k, z.boolean()])) as Record<
    keyof typeof INTERNAL_USER_RIGHTS,
    z.ZodBoolean
  >,
);

/** One internal user (spec §3). */
export const InternalUser = z.object({
  /** Identity id (IES ID). */
  piId: z.string(),
  /** "First Last". */
  memberName: z.string(),
  email: z.string(),
  userName: z.string(),
  memberType: z.literal('identity_id'),
  permissions: InternalUserRights,
});
export type InternalUser = z.infer<typeof InternalUser>;

/** GET /api/groupAuth/userGroupDetails?groupId= ; without groupId: the environment's internal group. */
export const UserGroupDetailsQuery = z.object({
  /** The internal group: its environment id (e.g. ead-internal-dev) or its numeric id. */
  groupId: z.string().trim().max(100).optional(),
});

export const UserGroupDetailsResponse = z.object({
  /** Numeric id of the internal group (for POST/DELETE groupAuth/groupMember). */
  groupId: z.number().int(),
  /** The environment's id of the group. */
  externalId: z.string(),
  users: z.array(InternalUser),
  /** The caller may create and remove internal users (super admins). */
  canEdit: z.boolean(),
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
