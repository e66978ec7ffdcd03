import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ChangeGroupMembersBody,
  type CreateGroupBody,
  type DeleteGroupFields,
  rolesApi,
  type UpdateGroupBody,
} from '../../../shared/contract/roles';
import type { RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export type RoleList = RouteResponse<typeof rolesApi.list>;
export type RoleItem = RoleList['groups'][number];

export const roleKeys = {
  all: ['roles'] as const,
  list: (contextId: number) => ['roles', 'list', contextId] as const,
  members: (groupId: number) => ['roles', 'members', groupId] as const,
  byMember: (memberId: number, orgId?: number) => ['roles', 'byMember', memberId, orgId ?? null] as const,
};

/** GET groupAuth/group?contextId= : the institution's roles. */
export function useRoles(contextId: number | null) {
  return useQuery({
    queryKey: roleKeys.list(contextId ?? 0),
    queryFn: ({ signal }) => call(rolesApi.list, { signal, query: { contextId: contextId ?? 0 } }),
    enabled: contextId !== null,
  });
}

/** GET groupAuth/groupMember?groupId= : one role and its users. */
export function useRoleMembers(groupId: number | null) {
  return useQuery({
    queryKey: roleKeys.members(groupId ?? 0),
    queryFn: ({ signal }) => call(rolesApi.members, { signal, query: { groupId: groupId ?? 0 } }),
    enabled: groupId !== null,
  });
}

/** After any role change the role list (and role details) reload (spec §8). */
function useInvalidateRoles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roleKeys.all });
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateGroupBody>) => call(rolesApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ groupId, ...body }: z.input<typeof UpdateGroupBody> & { groupId: number }) =>
      call(rolesApi.update, { query: { groupId }, body }),
    onSettled: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ groupId, ...body }: z.input<typeof DeleteGroupFields> & { groupId: number }) =>
      call(rolesApi.remove, { query: { groupId }, body }),
    onSuccess: invalidate,
  });
}

/** PUT groupAuth/groupMember : change the role of selected users, or of all users, of a role. */
export function useChangeRoleOfUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ChangeGroupMembersBody>) => call(rolesApi.changeMembers, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: roleKeys.all });
      void qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
