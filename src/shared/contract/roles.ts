import { z } from 'zod';
import { IdParam, PermissionName } from './common';

/** Spec §5 role-name rules. */
export const ROLE_MESSAGES = {
  prompt: 'Enter the name for the new role.',
  blank: 'Role name should not be blank.',
  duplicate: 'A role with this name already exists.',
  onlyRole: 'The only role cannot be deleted or changed.',
  created: 'Role created successfully.',
  updated: 'Role updated successfully.',
  deleted: 'Role deleted successfully.',
  usersChanged: 'User Role(s) has been added successfully',
  conflict:
    'This role was changed by someone else after you opened it. Reload it and apply your change again.',
  mapFirst: 'This role has users. Map them to other roles before deleting it.',
} as const;

export const RoleName = z.string().trim().min(1, ROLE_MESSAGES.blank).max(100, 'At most 100 characters.');

/** A role (user group) of an institution. */
export const Role = z.object({
  groupId: z.number().int(),
  /** The institution (organization) the role belongs to. */
  contextId: z.number().int(),
  contextType: z.literal('ORGANIZATION'),
  name: z.string(),
  permissions: z.array(PermissionName),
  /** Bumped by every change; send it back when updating (409 when someone else changed it). */
  version: z.number().int(),
  /** Number of users holding the role. */
  memberCount: z.number().int(),
  /** Members as the spec shapes them. */
  members: z.object({ memberType: z.literal('identity_id'), memberIds: z.array(z.number().int()) }),
});
export type Role = z.infer<typeof Role>;

/** GET /api/groupAuth/group?contextId= */
export const GroupListQuery = z.object({
  /** Institution id. */
  contextId: IdParam,
});

export const GroupListResponse = z.object({
  groups: z.array(Role),
  /** The caller may create, change and delete roles here. */
  canEdit: z.boolean(),
  /** Permissions the caller may grant (those they hold themselves, plus NO_DASHBOARD_ACCESS). */
  grantable: z.array(PermissionName),
});

/** POST /api/groupAuth/group: create a role, or copy one (`copyFromGroupId`). */
export const CreateGroupBody = z.object({
  contextId: IdParam,
  name: RoleName,
  /** Permissions of the new role (ignored when copying). */
  permissions: z.array(PermissionName).max(20).default([]),
  /** Copy the permissions of this role of the same institution. */
  copyFromGroupId: z.number().int().positive().optional(),
});

export const GroupWriteResponse = z.object({
  group: Role,
  description: z.string(),
});

/** PUT /api/groupAuth/group?groupId= : rename and/or change permissions. */
export const GroupIdQuery = z.object({ groupId: IdParam });

export const UpdateGroupBody = z
  .object({
    name: RoleName.optional(),
    permissions: z.array(PermissionName).max(20).optional(),
    /** The version the editor loaded. */
    version: z.number().int().positive(),
  })
  .refine((b) => b.name !== undefined || b.permissions !== undefined, {
    message: 'Nothing to change: send a name or permissions.',
    path: ['name'],
  });

/** DELETE /api/groupAuth/group?groupId= ; users still in the role must be mapped first. The body is optional. */
export const DeleteGroupFields = z.object({
  /** Move each listed user to another role of the institution before deleting. */
  mappings: z
    .array(z.object({ memberId: z.number().int().positive(), groupId: z.number().int().positive() }))
    .max(10_000)
    .default([]),
  /** Move every remaining user to this role. */
  reassignAllTo: z.number().int().positive().optional(),
  /** The version the caller saw. */
  version: z.number().int().positive().optional(),
});
export const DeleteGroupBody = z.preprocess((v) => v ?? {}, DeleteGroupFields);

export const DeleteGroupResponse = z.object({
  status: z.literal('OK'),
  /** Users moved to other roles. */
  moved: z.number().int(),
  description: z.string(),
});

/** GET /api/groupAuth/groupsByMember?memberId=&organizationIdForRole= */
export const GroupsByMemberQuery = z.object({
  memberId: IdParam,
  /** Limit to the roles of this institution (always applied for users without flags). */
  organizationIdForRole: IdParam.optional(),
});

export const GroupsByMemberResponse = z.object({
  groups: z.array(
    z.object({
      groupId: z.number().int(),
      /** null for the provider-wide internal-user group. */
      contextId: z.number().int().nullable(),
      name: z.string(),
      permissions: z.array(PermissionName),
      organizationName: z.string().nullable(),
    }),
  ),
});

/** A user of a role, with the details the role page shows. */
export const GroupUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
  status: z.string(),
  memberType: z.literal('identity_id'),
});

/** GET /api/groupAuth/groupMember?groupId= : the role and its users. */
export const GroupMembersResponse = z.object({
  group: Role,
  users: z.array(GroupUser),
});

/** POST /api/groupAuth/groupMember: add users to a group (a role, or the internal-user group). */
export const AddGroupMembersBody = z.object({
  groupId: z.number().int().positive(),
  memberType: z.literal('identity_id').default('identity_id'),
  /** User ids (identity ids); numeric strings are accepted. */
  memberIds: z.array(z.coerce.number().int().positive()).min(1).max(1000),
});

/** PUT /api/groupAuth/groupMember: change the role of selected users, or of all users, of a role. */
export const ChangeGroupMembersBody = z
  .object({
    /** The role the users hold now. */
    fromGroupId: z.number().int().positive(),
    /** The role they get. */
    groupId: z.number().int().positive(),
    /** Selected users; omit with `all: true`. */
    memberIds: z.array(z.number().int().positive()).max(10_000).optional(),
    /** Every user of `fromGroupId`. */
    all: z.boolean().default(false),
  })
  .refine((b) => b.all || (b.memberIds?.length ?? 0) > 0, {
    message: 'Select at least one user, or all users.',
    path: ['memberIds'],
  })
  .refine((b) => b.fromGroupId !== b.groupId, { message: 'Choose a different role.', path: ['groupId'] });

export const GroupMembersWriteResponse = z.object({
  status: z.literal('OK'),
  /** Users added, moved or removed. */
  count: z.number().int(),
  description: z.string(),
});

/** DELETE /api/groupAuth/groupMember?groupId=&memberType=&memberId= */
export const RemoveGroupMemberQuery = z.object({
  groupId: IdParam,
  memberType: z.literal('identity_id').default('identity_id'),
  memberId: IdParam,
});

/** GET /api/groupAuth/plaUrls */
export const PlaUrlsResponse = z.object({
  urls: z.object({
    help: z.string(),
    terms: z.string(),
    privacy: z.string(),
    account: z.string(),
    console: z.string(),
  }),
});
