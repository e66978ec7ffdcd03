import { z } from 'zod';
import { USERS_PER_PAGE } from '../constants';
import { IdParam } from './common';

/** A plain e-mail shape: something@domain.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** User names: letters, digits and . _ @ + - (no spaces), 2 to 100 characters. */
export const USERNAME_RE = /^[\p{L}\p{N}._@+-]{2,100}$/u;
/** A cell or field may not start like a spreadsheet formula (=, +, @) or hold control characters. */
export const NAME_RE = /^(?![=+@])[^\p{Cc}]{1,100}$/u;

export const PersonName = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'At most 100 characters.')
  .regex(NAME_RE, 'A name may not start with =, + or @.');
export const Email = z
  .string()
  .trim()
  .min(1, 'E-mail is required.')
  .max(254, 'At most 254 characters.')
  .regex(EMAIL_RE, 'Enter a valid e-mail address.')
  .transform((v) => v.toLowerCase());
export const Username = z
  .string()
  .trim()
  .regex(USERNAME_RE, 'A user name has 2 to 100 letters, digits or . _ @ + - and no spaces.');
/** A role (group) id; required in the user forms. */
export const RoleId = z.number({ error: 'Role is required.' }).int().positive('Role is required.');

/** A role of a user in one institution. */
export const UserRole = z.object({
  /** Group (role) id. */
  groupId: z.number().int(),
  /** Role name. */
  name: z.string(),
});

/** An institution a user belongs to, as seen from the current institution. */
export const UserOrganization = z.object({
  /** Institution id. */
  id: z.number().int(),
  /** The user's role name there, or null without a role. */
  role: z.string().nullable(),
  /** Institution display name. */
  organizationName: z.string(),
});

export const UserStatus = z.enum(['active', 'pending', 'disabled']);

/** One user as the Users page lists it. */
export const UserSummary = z.object({
  /** User id (the spec's userId / piId). */
  id: z.number().int(),
  /** Login name: the account's unique identifier. */
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "First Last". */
  displayName: z.string(),
  email: z.string(),
  /** active, pending (account requested, password not set yet) or disabled. */
  status: UserStatus,
  /** Roles in the current institution. */
  roles: z.array(UserRole),
  /** The current institution when the user belongs to it (other institutions are not disclosed). */
  organizations: z.array(UserOrganization),
  /** Belongs to the current institution. */
  member: z.boolean(),
  /** Holds superAdmin, associateSuperAdmin or nasupport (only super admins may edit such users). */
  flagged: z.boolean(),
  /** Row version for the edit form. */
  version: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** POST /api/registrarUser/searchUser: the Users page search form. */
export const SearchUserBody = z.object({
  /** Institution whose users are searched (and whose roles are returned). */
  organizationId: IdParam,
  /** Case-insensitive part of first name, last name, "first last", e-mail or user name; empty lists all. */
  searchText: z.string().trim().max(200).default(''),
  /**
   * Also find accounts outside the institution (to add them). Those match only an exact e-mail or
   * user name, so other institutions' users cannot be listed.
   */
  includeOtherInstitutions: z.boolean().default(false),
  /** Zero-based page index. */
  page: z.number().int().min(0).max(100_000).default(0),
  /** Results per page (8 on the Users page). */
  pageSize: z.number().int().min(1).max(100).default(USERS_PER_PAGE),
});

export const SearchUserResponse = z.object({
  users: z.array(UserSummary),
  /** Matching users in all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/institution/organizationUserSearch: the same search as a GET. */
export const OrganizationUserSearchQuery = z.object({
  organizationId: IdParam,
  /** Search text (see SearchUserBody.searchText). */
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(USERS_PER_PAGE),
});

/** POST /api/registrarUser/piUser/:id: `id` is the institution the account is requested for. */
export const CreatePiUserParams = z.object({
  /** Institution id. */
  id: IdParam,
});

export const CreatePiUserBody = z.object({
  firstName: PersonName,
  lastName: PersonName,
  /** Where the setup instructions are sent; unique among accounts. */
  email: Email,
  /** Login name; defaults to the e-mail address. Unique among accounts. */
  username: Username.optional(),
  /** The role in the institution. */
  groupId: RoleId,
});

export const UserWriteResponse = z.object({
  status: z.literal('OK'),
  user: UserSummary,
  /** Success text to show. */
  description: z.string(),
});

/** PUT /api/registrarUser/piUser?organizationId=: edit a user of the institution. */
export const EditPiUserQuery = z.object({
  /** Institution in which the user's role is set. */
  organizationId: IdParam,
});

export const EditPiUserBody = z.object({
  /** The user to edit. */
  userId: z.number().int().positive(),
  firstName: PersonName,
  lastName: PersonName,
  email: Email,
  /** New role in the institution (replaces the current one). */
  groupId: RoleId,
  /** The version the form was loaded with; a newer one answers 409. */
  version: z.number().int().positive().optional(),
  /** Flags: only super admins may change them. Omit to leave unchanged. */
  superAdmin: z.boolean().optional(),
  associateSuperAdmin: z.boolean().optional(),
  nasupport: z.boolean().optional(),
});

/** POST /api/registrarUser/addUser2Institution (201 on success). */
export const AddUserBody = z.object({
  /** Existing account to add. */
  userId: z.number().int().positive(),
  /** Institution to add the user to. */
  organizationId: IdParam,
  /** Role to give in that institution. */
  groupId: RoleId,
  /** Set by bulk callers; no other effect. */
  bulk: z.boolean().optional(),
});

/** POST /api/registrarUser/addUsers2Institution (201 on success). */
export const AddUsersBody = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(500),
  organizationId: IdParam,
  groupId: RoleId,
});

export const AddUsersResponse = z.object({
  status: z.literal('OK'),
  /** Users newly added or whose role changed. */
  added: z.number().int(),
  description: z.string(),
});

/** `/:id` + `?organizationId=` of the per-user calls. */
export const UserIdParams = z.object({ id: IdParam });
export const UserOrgQuery = z.object({ organizationId: IdParam });

export const NotifyResponse = z.object({
  status: z.literal('OK'),
  description: z.string(),
});

/** GET /api/registrarUser/userSectionAssociation/:id */
export const UserSectionAssociationResponse = z.object({
  sections: z.array(
    z.object({
      sectionId: z.number().int(),
      courseName: z.string(),
      sectionCode: z.string().nullable(),
      /** instructor or ta. */
      role: z.string(),
      /** ISO dates (YYYY-MM-DD). */
      startDate: z.string(),
      endDate: z.string(),
    }),
  ),
});

/** GET /api/registrarUser/getPiUser/:id?organizationId= : one user, with the caller's rights on them. */
export const GetPiUserResponse = z.object({
  user: UserSummary.extend({
    superAdmin: z.boolean(),
    associateSuperAdmin: z.boolean(),
    nasupport: z.boolean(),
  }),
  /** The caller may edit this user. */
  canEdit: z.boolean(),
  /** The caller may change the flags (super admins only). */
  canEditFlags: z.boolean(),
});

/** GET /api/registrarUser/getUser/:username : e-mail lookup of the internal-user form. */
export const GetUserParams = z.object({
  username: z.string().trim().min(1).max(200),
});

export const GetUserResponse = z.object({
  /** The identity id (IES ID). */
  piId: z.string(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** Success texts of the Users calls (spec §8; the wording of the first two is ours). */
export const USER_MESSAGES = {
  accountRequested: 'Account requested. An e-mail with setup instructions has been sent.',
  userEdited: 'User information updated successfully.',
  userAdded: 'User has been added successfully',
  rolesAdded: 'User Role(s) has been added successfully',
  notified: 'E-mail notification sent.',
} as const;
