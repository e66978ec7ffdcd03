import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddUserBody,
  AddUsersBody,
  AddUsersResponse,
  CreatePiUserBody,
  EditPiUserBody,
  GetPiUserResponse,
  NotifyResponse,
  SearchUserBody,
  SearchUserResponse,
  UserSectionAssociationResponse,
  UserWriteResponse,
} from '../../../shared/contract/users';
import { api } from '../../lib/api';
import { roleKeys } from '../roles';

export { pageIndexFor } from './paging';

export type UserSearch = z.infer<typeof SearchUserResponse>;
export type UserRow = UserSearch['users'][number];
type UserWrite = z.infer<typeof UserWriteResponse>;

export const userKeys = {
  all: ['users'] as const,
  search: (body: z.input<typeof SearchUserBody>) => ['users', 'search', body] as const,
  user: (orgId: number, id: number) => ['users', 'user', orgId, id] as const,
  sections: (orgId: number, id: number) => ['users', 'sections', orgId, id] as const,
};

/** POST registrarUser/searchUser: one page (8 users) of the institution's users. */
export function useUserSearch(body: z.input<typeof SearchUserBody>, enabled = true) {
  return useQuery({
    queryKey: userKeys.search(body),
    queryFn: ({ signal }) =>
      api<UserSearch>('/api/registrarUser/searchUser', { method: 'POST', signal, body }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePiUser(orgId: number, userId: number | null) {
  return useQuery({
    queryKey: userKeys.user(orgId, userId ?? 0),
    queryFn: ({ signal }) =>
      api<z.infer<typeof GetPiUserResponse>>(`/api/registrarUser/getPiUser/${userId}`, {
        signal,
        query: { organizationId: orgId },
      }),
    enabled: userId !== null,
  });
}

export function useUserSections(orgId: number, userId: number | null) {
  return useQuery({
    queryKey: userKeys.sections(orgId, userId ?? 0),
    queryFn: ({ signal }) =>
      api<z.infer<typeof UserSectionAssociationResponse>>(
        `/api/registrarUser/userSectionAssociation/${userId}`,
        {
          signal,
          query: { organizationId: orgId },
        },
      ),
    enabled: userId !== null,
  });
}

/** Spec §4: after a user changes, the user search, the role's group users and the user's own groups refresh. */
function useUserInvalidation() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: userKeys.all });
    void qc.invalidateQueries({ queryKey: roleKeys.all });
  };
}

export function useCreateUser(orgId: number) {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof CreatePiUserBody>) =>
      api<UserWrite>(`/api/registrarUser/piUser/${orgId}`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useEditUser(orgId: number) {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof EditPiUserBody>) =>
      api<UserWrite>('/api/registrarUser/piUser', { method: 'PUT', query: { organizationId: orgId }, body }),
    onSuccess: invalidate,
  });
}

export function useAddUser() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof AddUserBody>) =>
      api<z.infer<typeof AddUsersResponse>>('/api/registrarUser/addUser2Institution', {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useAddUsers() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof AddUsersBody>) =>
      api<z.infer<typeof AddUsersResponse>>('/api/registrarUser/addUsers2Institution', {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useNotifyUser(orgId: number) {
  return useMutation({
    mutationFn: (userId: number) =>
      api<z.infer<typeof NotifyResponse>>(`/api/registrarUser/piUser/${userId}/notify`, {
        method: 'POST',
        query: { organizationId: orgId },
      }),
  });
}
