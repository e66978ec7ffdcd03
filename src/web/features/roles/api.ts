import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChangeGroupMembersBody,
  CreateGroupBody,
  DeleteGroupFields,
  DeleteGroupResponse,
  GroupListResponse,
  GroupMembersResponse,
  GroupMembersWriteResponse,
  GroupWriteResponse,
  UpdateGroupBody,
} from '../../../shared/contract/roles';
import { api } from '../../lib/api';

export type RoleList = z.infer<typeof GroupListResponse>;
export type RoleItem = RoleList['groups'][number];
export type RoleMembers = z.infer<typeof GroupMembersResponse>;
type GroupWrite = z.infer<typeof GroupWriteResponse>;
type MembersWrite = z.infer<typeof GroupMembersWriteResponse>;

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
    queryFn: ({ signal }) => api<RoleList>('/api/groupAuth/group', { signal, query: { contextId } }),
    enabled: contextId !== null,
  });
}

/** GET groupAuth/groupMember?groupId= : one role and its users. */
export function useRoleMembers(groupId: number | null) {
  return useQuery({
    queryKey: roleKeys.members(groupId ?? 0),
    queryFn: ({ signal }) => api<RoleMembers>('/api/groupAuth/groupMember', { signal, query: { groupId } }),
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
    mutationFn: (body: z.input<typeof CreateGroupBody>) =>
      api<GroupWrite>('/api/groupAuth/group', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ groupId, ...body }: z.input<typeof UpdateGroupBody> & { groupId: number }) =>
      api<GroupWrite>('/api/groupAuth/group', { method: 'PUT', query: { groupId }, body }),
    onSettled: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ groupId, ...body }: z.input<typeof DeleteGroupFields> & { groupId: number }) =>
      api<z.infer<typeof DeleteGroupResponse>>('/api/groupAuth/group', {
        method: 'DELETE',
        query: { groupId },
        body,
      }),
    onSuccess: invalidate,
  });
}

/** PUT groupAuth/groupMember : change the role of selected users, or of all users, of a role. */
export function useChangeRoleOfUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ChangeGroupMembersBody>) =>
      api<MembersWrite>('/api/groupAuth/groupMember', { method: 'PUT', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: roleKeys.all });
      void qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
