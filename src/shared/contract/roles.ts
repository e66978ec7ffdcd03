import { z } from 'zod';
import { IdParam, PermissionName, RowId, text, Version } from './common';
import { defineRoute } from './route';

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

export const RoleName = text().trim().min(1, ROLE_MESSAGES.blank).max(100, 'At most 100 characters.');

/** A role (user group) of an institution. */
export const Role = z.object({
  groupId: z.number().int().describe('Role (group) id.'),
  contextId: z.number().int().describe('The institution (organization) the role belongs to.'),
  contextType: z.literal('ORGANIZATION').describe('Always ORGANIZATION: roles belong to an institution.'),
  name: z.string().describe('Role name, unique within the institution.'),
  permissions: z.array(PermissionName).describe('Permissions the role grants in its institution.'),
  version: z
    .number()
    .int()
    .describe('Bumped by every change; send it back when updating (409 when someone else changed it).'),
  memberCount: z.number().int().describe('Number of users holding the role.'),
  members: z
    .object({
      memberType: z.literal('identity_id').describe('Always "identity_id": memberIds are user ids.'),
      memberIds: z.array(z.number().int()).describe('Ids of the users holding the role.'),
    })
    .describe('Who holds the role.'),
});
export type Role = z.infer<typeof Role>;

/** GET /api/groupAuth/group?contextId= */
export const GroupListQuery = z.object({
  contextId: IdParam.describe('Institution id.'),
});

export const GroupListResponse = z.object({
  groups: z.array(Role).describe("The institution's roles."),
  canEdit: z.boolean().describe('The caller may create, change and delete roles here.'),
  grantable: z
    .array(PermissionName)
    .describe('Permissions the caller may grant (those they hold themselves, plus NO_DASHBOARD_ACCESS).'),
});

/** POST /api/groupAuth/group: create a role, or copy one (`copyFromGroupId`). */
export const CreateGroupBody = z.object({
  contextId: IdParam.describe('The institution the role is created in.'),
  name: RoleName.describe('Name of the new role: 1 to 100 characters, unique within the institution.'),
  permissions: z
    .array(PermissionName)
    .max(20)
    .default([])
    .describe('Permissions of the new role (ignored when copying).'),
  copyFromGroupId: RowId.optional().describe('Copy the permissions of this role of the same institution.'),
});

export const GroupWriteResponse = z.object({
  group: Role.describe('The role as saved.'),
  description: z
    .string()
    .describe('Success text: "Role created successfully." or "Role updated successfully."'),
});

/** PUT /api/groupAuth/group?groupId= : rename and/or change permissions. */
export const GroupIdQuery = z.object({ groupId: IdParam.describe('Role (group) id.') });

export const UpdateGroupBody = z
  .object({
    name: RoleName.optional().describe('New name (1 to 100 characters); omit to keep the name.'),
    permissions: z
      .array(PermissionName)
      .max(20)
      .optional()
      .describe('The complete new permission list; omit to keep the permissions.'),
    version: Version.describe('The version the editor loaded.'),
  })
  .refine((b) => b.name !== undefined || b.permissions !== undefined, {
    message: 'Nothing to change: send a name or permissions.',
    path: ['name'],
  });

/** DELETE /api/groupAuth/group?groupId= ; users still in the role must be mapped first. The body is optional. */
export const DeleteGroupFields = z.object({
  mappings: z
    .array(
      z.object({
        memberId: RowId.describe('A user of the role being deleted.'),
        groupId: RowId.describe('The role of the same institution the user moves to.'),
      }),
    )
    .max(10_000)
    .default([])
    .describe('Move each listed user to another role of the institution before deleting.'),
  reassignAllTo: RowId.optional().describe('Move every remaining user to this role.'),
  version: Version.optional().describe('The version the caller saw.'),
});
export const DeleteGroupBody = z.preprocess((v) => v ?? {}, DeleteGroupFields);

export const DeleteGroupResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  moved: z.number().int().describe('Users moved to other roles.'),
  description: z.string().describe('Success text: "Role deleted successfully."'),
});

/** GET /api/groupAuth/groupsByMember?memberId=&organizationIdForRole= */
export const GroupsByMemberQuery = z.object({
  memberId: IdParam.describe('The user whose roles are listed.'),
  organizationIdForRole: IdParam.optional().describe(
    'Limit to the roles of this institution (always applied for users without flags).',
  ),
});

export const GroupsByMemberResponse = z.object({
  groups: z
    .array(
      z.object({
        groupId: z.number().int().describe('Role (group) id.'),
        contextId: z
          .number()
          .int()
          .nullable()
          .describe('The institution of the role; null for the provider-wide internal-user group.'),
        name: z.string().describe('Role name.'),
        permissions: z.array(PermissionName).describe('Permissions the role grants.'),
        organizationName: z
          .string()
          .nullable()
          .describe('Display name of the institution; null for no institution.'),
      }),
    )
    .describe('The roles (groups) the user holds.'),
});

/** A user of a role, with the details the role page shows. */
export const GroupUser = z.object({
  id: z.number().int().describe('User id.'),
  username: z.string().describe('Account username.'),
  firstName: z.string().describe('First name.'),
  lastName: z.string().describe('Last name.'),
  displayName: z.string().describe('"First Last".'),
  email: z.string().describe('E-mail address.'),
  status: z.string().describe('Account status: active, pending or disabled.'),
  memberType: z.literal('identity_id').describe('Always "identity_id": id is a user id.'),
});

/** GET /api/groupAuth/groupMember?groupId= : the role and its users. */
export const GroupMembersResponse = z.object({
  group: Role.describe('The role.'),
  users: z.array(GroupUser).describe('The users holding it.'),
});

/** POST /api/groupAuth/groupMember: add users to a group (a role, or the internal-user group). */
export const AddGroupMembersBody = z.object({
  groupId: RowId.describe('The role, or the internal-user group, to add the users to.'),
  memberType: z.literal('identity_id').default('identity_id').describe('Always "identity_id" (the default).'),
  memberIds: z
    .array(IdParam)
    .min(1)
    .max(1000)
    .describe('User ids (identity ids); numeric strings are accepted.'),
});

/** PUT /api/groupAuth/groupMember: change the role of selected users, or of all users, of a role. */
export const ChangeGroupMembersBody = z
  .object({
    fromGroupId: RowId.describe('The role the users hold now.'),
    groupId: RowId.describe('The role they get.'),
    memberIds: z.array(RowId).max(10_000).optional().describe('Selected users; omit with `all: true`.'),
    all: z.boolean().default(false).describe('Every user of `fromGroupId`.'),
  })
  .refine((b) => b.all || (b.memberIds?.length ?? 0) > 0, {
    message: 'Select at least one user, or all users.',
    path: ['memberIds'],
  })
  .refine((b) => b.fromGroupId !== b.groupId, { message: 'Choose a different role.', path: ['groupId'] });

export const GroupMembersWriteResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  count: z.number().int().describe('Users added, moved or removed.'),
  description: z.string().describe('Success text to show.'),
});

/** DELETE /api/groupAuth/groupMember?groupId=&memberType=&memberId= */
export const RemoveGroupMemberQuery = z.object({
  groupId: IdParam.describe('The role, or the internal-user group, to remove the user from.'),
  memberType: z.literal('identity_id').default('identity_id').describe('Always "identity_id" (the default).'),
  memberId: IdParam.describe('The user to remove.'),
});

/** GET /api/groupAuth/plaUrls */
export const PlaUrlsResponse = z.object({
  urls: z
    .object({
      help: z.string().describe('URL of the help site of this environment.'),
      terms: z.string().describe('URL of the Terms of Use (footer link).'),
      privacy: z.string().describe('URL of the Privacy Policy (footer link).'),
      account: z.string().describe("URL of the user's account page in this environment."),
      console: z.string().describe('URL of the console of this environment.'),
    })
    .describe('Environment links (help, terms, privacy, account, console).'),
});

/** The roles operations (spec §7): groupAuth/group, groupMember, groupsByMember, plaUrls. */
export const rolesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/groupAuth/group',
    query: GroupListQuery,
    response: GroupListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/groupAuth/group',
    body: CreateGroupBody,
    response: GroupWriteResponse,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/groupAuth/group',
    query: GroupIdQuery,
    body: UpdateGroupBody,
    response: GroupWriteResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/groupAuth/group',
    query: GroupIdQuery,
    body: DeleteGroupBody,
    response: DeleteGroupResponse,
  }),
  byMember: defineRoute({
    method: 'GET',
    path: '/api/groupAuth/groupsByMember',
    query: GroupsByMemberQuery,
    response: GroupsByMemberResponse,
  }),
  members: defineRoute({
    method: 'GET',
    path: '/api/groupAuth/groupMember',
    query: GroupIdQuery,
    response: GroupMembersResponse,
  }),
  addMembers: defineRoute({
    method: 'POST',
    path: '/api/groupAuth/groupMember',
    body: AddGroupMembersBody,
    response: GroupMembersWriteResponse,
  }),
  changeMembers: defineRoute({
    method: 'PUT',
    path: '/api/groupAuth/groupMember',
    body: ChangeGroupMembersBody,
    response: GroupMembersWriteResponse,
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/groupAuth/groupMember',
    query: RemoveGroupMemberQuery,
    response: GroupMembersWriteResponse,
  }),
  plaUrls: defineRoute({ method: 'GET', path: '/api/groupAuth/plaUrls', response: PlaUrlsResponse }),
};
