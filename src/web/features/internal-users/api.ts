import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INTERNAL_USER_CSV_FILE, internalUsersApi } from '../../../shared/contract/internal-users';
import { rolesApi } from '../../../shared/contract/roles';
import { usersApi } from '../../../shared/contract/users';
import { call } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export const internalUserKeys = {
  all: ['internal-users'] as const,
  list: () => ['internal-users', 'list'] as const,
};

/** GET groupAuth/userGroupDetails: the environment's internal group and its users. */
export function useInternalUsers() {
  return useQuery({
    queryKey: internalUserKeys.list(),
    queryFn: ({ signal }) => call(internalUsersApi.list, { signal }),
  });
}

/** GET registrarUser/getUser/:username (the e-mail lookup on blur). Not cached: each blur asks. */
export function lookupUser(username: string) {
  return call(usersApi.getUser, { params: { username } });
}

export function useAddInternalUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, piId }: { groupId: number; piId: string }) =>
      call(rolesApi.addMembers, {
        body: { groupId, memberType: 'identity_id', memberIds: [piId] },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: internalUserKeys.all }),
  });
}

export function useRemoveInternalUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, piId }: { groupId: number; piId: string }) =>
      call(rolesApi.removeMember, {
        query: { groupId, memberType: 'identity_id', memberId: piId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: internalUserKeys.all }),
  });
}

export const exportInternalUsers = () =>
  downloadFile(internalUsersApi.export.path, {}, INTERNAL_USER_CSV_FILE);
