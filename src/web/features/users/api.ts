import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteResponse } from '../../../shared/contract/route';
import { usersApi } from '../../../shared/contract/users';
import { call } from '../../lib/api';
import { roleKeys } from '../roles';

export { pageIndexFor } from './paging';

export type UserSearch = RouteResponse<typeof usersApi.search>;
export type UserRow = UserSearch['users'][number];

export const userKeys = {
  all: ['users'] as const,
  search: (body: RouteBody<typeof usersApi.search>) => ['users', 'search', body] as const,
  user: (orgId: number, id: number) => ['users', 'user', orgId, id] as const,
  sections: (orgId: number, id: number) => ['users', 'sections', orgId, id] as const,
};

/** POST registrarUser/searchUser: one page (8 users) of the institution's users. */
export function useUserSearch(body: RouteBody<typeof usersApi.search>, enabled = true) {
  return useQuery({
    queryKey: userKeys.search(body),
    queryFn: ({ signal }) => call(usersApi.search, { signal, body }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePiUser(orgId: number, userId: number | null) {
  return useQuery({
    queryKey: userKeys.user(orgId, userId ?? 0),
    queryFn: ({ signal }) =>
      call(usersApi.getPiUser, { params: { id: userId! }, query: { organizationId: orgId }, signal }),
    enabled: userId !== null,
  });
}

export function useUserSections(orgId: number, userId: number | null) {
  return useQuery({
    queryKey: userKeys.sections(orgId, userId ?? 0),
    queryFn: ({ signal }) =>
      call(usersApi.sections, { params: { id: userId! }, query: { organizationId: orgId }, signal }),
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
    mutationFn: (body: RouteBody<typeof usersApi.createPiUser>) =>
      call(usersApi.createPiUser, { params: { id: orgId }, body }),
    onSuccess: invalidate,
  });
}

export function useEditUser(orgId: number) {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof usersApi.editPiUser>) =>
      call(usersApi.editPiUser, { query: { organizationId: orgId }, body }),
    onSuccess: invalidate,
  });
}

export function useAddUser() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof usersApi.addUser>) => call(usersApi.addUser, { body }),
    onSuccess: invalidate,
  });
}

export function useAddUsers() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof usersApi.addUsers>) => call(usersApi.addUsers, { body }),
    onSuccess: invalidate,
  });
}

export function useNotifyUser(orgId: number) {
  return useMutation({
    mutationFn: (userId: number) =>
      call(usersApi.notify, { params: { id: userId }, query: { organizationId: orgId } }),
  });
}
