import { z } from 'zod';
import { USERS_PER_PAGE } from '../constants';
import { AccountStatusBody, AccountStatusResponse } from './account-status';
import { IdParam, INT_MAX, RowId, text, Version } from './common';
import { InstitutionRemovalResponse } from './institution-removal';
import { defineRoute } from './route';

/** A plain e-mail shape: something@domain.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** User names: letters, digits and . _ @ + - (no spaces), 2 to 100 characters. */
export const USERNAME_RE = /^[\p{L}\p{N}._@+-]{2,100}$/u;
/** A cell or field may not start like a spreadsheet formula (=, +, @) or hold control characters. */
export const NAME_RE = /^(?![=+@])[^\p{Cc}]{1,100}$/u;

export const PersonName = text()
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'At most 100 characters.')
  .regex(NAME_RE, 'A name may not start with =, + or @.');
export const Email = text()
  .trim()
  .min(1, 'E-mail is required.')
  .max(254, 'At most 254 characters.')
  .regex(EMAIL_RE, 'Enter a valid e-mail address.')
  .transform((v) => v.toLowerCase());
export const Username = text()
  .trim()
  .regex(USERNAME_RE, 'A user name has 2 to 100 letters, digits or . _ @ + - and no spaces.');
/** A role (group) id; required in the user forms. */
export const RoleId = z
  .number({ error: 'Role is required.' })
  .int()
  .positive('Role is required.')
  .max(INT_MAX, 'Role is required.');

/** A role of a user in one institution. */
export const UserRole = z.object({
  groupId: z.number().int().describe('Group (role) id.'),
  name: z.string().describe('Role name.'),
});

/** An institution a user belongs to, as seen from the current institution. */
export const UserOrganization = z.object({
  id: z.number().int().describe('Institution id.'),
  role: z.string().nullable().describe("The user's role name there, or null without a role."),
  organizationName: z.string().describe('Institution display name.'),
});

export const UserStatus = z.enum(['active', 'pending', 'disabled']);

/** One user as the Users page lists it. */
export const UserSummary = z.object({
  id: z.number().int().describe('User id (userId / piId).'),
  username: z.string().describe("Login name: the account's unique identifier."),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
  displayName: z.string().describe('"First Last".'),
  email: z.string().describe('E-mail address (lowercase).'),
  status: UserStatus.describe('active, pending (account requested, password not set yet) or disabled.'),
  roles: z.array(UserRole).describe('Roles in the current institution.'),
  organizations: z
    .array(UserOrganization)
    .describe('The current institution when the user belongs to it (other institutions are not disclosed).'),
  member: z.boolean().describe('Belongs to the current institution.'),
  flagged: z
    .boolean()
    .describe('Holds superAdmin, associateSuperAdmin or nasupport (only super admins may edit such users).'),
  version: z.number().int().describe('Row version for the edit form.'),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** POST /api/registrarUser/searchUser: the Users page search form. */
export const SearchUserBody = z.object({
  organizationId: IdParam.describe('Institution whose users are searched (and whose roles are returned).'),
  searchText: text()
    .trim()
    .max(200)
    .default('')
    .describe(
      'Case-insensitive part of first name, last name, "first last", e-mail or user name; empty lists all.',
    ),
  /** Outside accounts match only exactly, so other institutions' users cannot be listed. */
  includeOtherInstitutions: z
    .boolean()
    .default(false)
    .describe('Also find accounts outside the institution (to add them) by their exact e-mail or user name.'),
  page: z.number().int().min(0).max(100_000).default(0).describe('Zero-based page index.'),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(USERS_PER_PAGE)
    .describe('Results per page (8 on the Users page).'),
});

export const SearchUserResponse = z.object({
  users: z.array(UserSummary).describe('The users of the requested page.'),
  total: z.number().int().describe('Matching users in all pages.'),
  page: z.number().int().describe('Zero-based page index answered.'),
  pageSize: z.number().int().describe('Results per page.'),
});

/** GET /api/institution/organizationUserSearch: the same search as a GET. */
export const OrganizationUserSearchQuery = z.object({
  organizationId: IdParam.describe('Institution whose users are searched.'),
  q: text().trim().max(200).default('').describe('Search text (see SearchUserBody.searchText).'),
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('Zero-based page index.'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(USERS_PER_PAGE)
    .describe('Results per page (1 to 100, default 8).'),
});

/** POST /api/registrarUser/piUser/:id: `id` is the institution the account is requested for. */
export const CreatePiUserParams = z.object({
  id: IdParam.describe('Institution id.'),
});

export const CreatePiUserBody = z.object({
  firstName: PersonName.describe('First name: 1 to 100 characters, not starting with =, + or @.'),
  lastName: PersonName.describe('Last name: 1 to 100 characters, not starting with =, + or @.'),
  email: Email.describe('Where the setup instructions are sent; unique among accounts.'),
  username: Username.optional().describe(
    'Login name; defaults to the e-mail address. Unique among accounts.',
  ),
  groupId: RoleId.describe('The role in the institution.'),
});

export const UserWriteResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  user: UserSummary.describe('The user as saved.'),
  description: z.string().describe('Success text to show.'),
});

/** PUT /api/registrarUser/piUser?organizationId=: edit a user of the institution. */
export const EditPiUserQuery = z.object({
  organizationId: IdParam.describe("Institution in which the user's role is set."),
});

export const EditPiUserBody = z.object({
  userId: RowId.describe('The user to edit.'),
  firstName: PersonName.describe('First name: 1 to 100 characters, not starting with =, + or @.'),
  lastName: PersonName.describe('Last name: 1 to 100 characters, not starting with =, + or @.'),
  email: Email.describe('E-mail address; unique among accounts.'),
  groupId: RoleId.describe('New role in the institution (replaces the current one).'),
  version: Version.optional().describe('The version the form was loaded with; a newer one answers 409.'),
  superAdmin: z
    .boolean()
    .optional()
    .describe('Super administrator flag: only super admins may change it. Omit to leave unchanged.'),
  associateSuperAdmin: z
    .boolean()
    .optional()
    .describe(
      'Associate super administrator flag: only super admins may change it. Omit to leave unchanged.',
    ),
  nasupport: z
    .boolean()
    .optional()
    .describe('Support flag (nasupport): only super admins may change it. Omit to leave unchanged.'),
});

/** POST /api/registrarUser/addUser2Institution (201 on success). */
export const AddUserBody = z.object({
  userId: RowId.describe('Existing account to add.'),
  organizationId: IdParam.describe('Institution to add the user to.'),
  groupId: RoleId.describe('Role to give in that institution.'),
  bulk: z.boolean().optional().describe('Set by bulk callers; no other effect.'),
});

/** POST /api/registrarUser/addUsers2Institution (201 on success). */
export const AddUsersBody = z.object({
  userIds: z.array(RowId).min(1).max(500).describe('Existing accounts to add (1 to 500).'),
  organizationId: IdParam.describe('Institution to add the users to.'),
  groupId: RoleId.describe('Role to give each of them in that institution.'),
});

export const AddUsersResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  added: z.number().int().describe('Users newly added or whose role changed.'),
  description: z
    .string()
    .describe(
      'Success text: "User has been added successfully" for one user, else "User Role(s) has been added successfully".',
    ),
});

/** `/:id` + `?organizationId=` of the per-user calls. */
export const UserIdParams = z.object({ id: IdParam.describe('User id.') });
export const UserOrgQuery = z.object({
  organizationId: IdParam.describe('The institution the call acts in; the user must be visible from it.'),
});

export const NotifyResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  description: z.string().describe('Success text to show: "E-mail notification sent."'),
});

/** GET /api/registrarUser/userSectionAssociation/:id */
export const UserSectionAssociationResponse = z.object({
  sections: z
    .array(
      z.object({
        sectionId: z.number().int().describe('Section id of the course.'),
        courseName: z.string().describe('Course name.'),
        sectionCode: z.string().nullable().describe('Section code; null when none.'),
        role: z.string().describe("The user's role in the course: instructor or ta."),
        startDate: z.string().describe('First day of the course (YYYY-MM-DD).'),
        endDate: z.string().describe('Last day of the course (YYYY-MM-DD).'),
      }),
    )
    .describe('Courses the user teaches (as instructor or TA).'),
});

/** GET /api/registrarUser/getPiUser/:id?organizationId= : one user, with the caller's rights on them. */
export const GetPiUserResponse = z.object({
  user: UserSummary.extend({
    superAdmin: z.boolean().describe('Super administrator flag.'),
    associateSuperAdmin: z.boolean().describe('Associate super administrator flag.'),
    nasupport: z.boolean().describe('Support flag (nasupport).'),
  }).describe('The user, with their flags.'),
  canEdit: z.boolean().describe('The caller may edit this user.'),
  canEditFlags: z.boolean().describe('The caller may change the flags (super admins only).'),
});

/** GET /api/registrarUser/getUser/:username : e-mail lookup of the internal-user form. */
export const GetUserParams = z.object({
  username: text().trim().min(1).max(200).describe('The account username to look up.'),
});

export const GetUserResponse = z.object({
  piId: z.string().describe('The identity id (IES ID).'),
  userName: z.string().describe('Account username.'),
  email: z.string().describe('E-mail address.'),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
});

/** Success texts of the Users calls (spec §8; the wording of the first two is ours). */
export const USER_MESSAGES = {
  accountRequested: 'Account requested. An e-mail with setup instructions has been sent.',
  userEdited: 'User information updated successfully.',
  userAdded: 'User has been added successfully',
  rolesAdded: 'User Role(s) has been added successfully',
  notified: 'E-mail notification sent.',
} as const;

/** The users operations (spec §7): registrarUser/* and institution/organizationUserSearch. */
export const usersApi = {
  search: defineRoute({
    method: 'POST',
    path: '/api/registrarUser/searchUser',
    body: SearchUserBody,
    response: SearchUserResponse,
  }),
  organizationSearch: defineRoute({
    method: 'GET',
    path: '/api/institution/organizationUserSearch',
    query: OrganizationUserSearchQuery,
    response: SearchUserResponse,
  }),
  createPiUser: defineRoute({
    method: 'POST',
    path: '/api/registrarUser/piUser/:id',
    params: CreatePiUserParams,
    body: CreatePiUserBody,
    response: UserWriteResponse,
    status: 201,
  }),
  editPiUser: defineRoute({
    method: 'PUT',
    path: '/api/registrarUser/piUser',
    query: EditPiUserQuery,
    body: EditPiUserBody,
    response: UserWriteResponse,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/registrarUser/piUser/:id/status',
    params: UserIdParams,
    query: UserOrgQuery,
    body: AccountStatusBody,
    response: AccountStatusResponse,
  }),
  removeFromInstitution: defineRoute({
    method: 'DELETE',
    path: '/api/registrarUser/piUser/:id/institution',
    params: UserIdParams,
    query: UserOrgQuery,
    response: InstitutionRemovalResponse,
  }),
  notify: defineRoute({
    method: 'POST',
    path: '/api/registrarUser/piUser/:id/notify',
    params: UserIdParams,
    query: UserOrgQuery,
    response: NotifyResponse,
  }),
  getPiUser: defineRoute({
    method: 'GET',
    path: '/api/registrarUser/getPiUser/:id',
    params: UserIdParams,
    query: UserOrgQuery,
    response: GetPiUserResponse,
  }),
  sections: defineRoute({
    method: 'GET',
    path: '/api/registrarUser/userSectionAssociation/:id',
    params: UserIdParams,
    query: UserOrgQuery,
    response: UserSectionAssociationResponse,
  }),
  addUser: defineRoute({
    method: 'POST',
    path: '/api/registrarUser/addUser2Institution',
    body: AddUserBody,
    response: AddUsersResponse,
    status: 201,
  }),
  addUsers: defineRoute({
    method: 'POST',
    path: '/api/registrarUser/addUsers2Institution',
    body: AddUsersBody,
    response: AddUsersResponse,
    status: 201,
  }),
  getUser: defineRoute({
    method: 'GET',
    path: '/api/registrarUser/getUser/:username',
    params: GetUserParams,
    response: GetUserResponse,
  }),
};
