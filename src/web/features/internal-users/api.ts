import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  INTERNAL_USER_CSV_FILE,
  type UserGroupDetailsResponse,
} from '../../../shared/contract/internal-users';
import type { GroupMembersWriteResponse } from '../../../shared/contract/roles';
import type { GetUserResponse } from '../../../shared/contract/users';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type InternalUserList = z.infer<typeof UserGroupDetailsResponse>;
export type UserLookup = z.infer<typeof GetUserResponse>;
type Write = z.infer<typeof GroupMembersWriteResponse>;

export const internalUserKeys = {
  all: ['internal-users'] as const,
  list: () => ['internal-users', 'list'] as const,
};

/** GET groupAuth/userGroupDetails: the environment's internal group and its users. */
export function useInternalUsers() {
  return useQuery({
    queryKey: internalUserKeys.list(),
    queryFn: ({ signal }) => api<InternalUserList>('/api/groupAuth/userGroupDetails', { signal }),
  });
}

/** GET registrarUser/getUser/:username (the e-mail lookup on blur). Not cached: each blur asks. */
export function lookupUser(username: string) {
  return api<UserLookup | string>(`/api/registrarUser/getUser/${encodeURIComponent(username)}`);
}

export function useAddInternalUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, piId }: { groupId: number; piId: string }) =>
      api<Write>('/api/groupAuth/groupMember', {
        method: 'POST',
        body: { groupId, memberType: 'identity_id', memberIds: [piId] },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: internalUserKeys.all }),
  });
}

export function useRemoveInternalUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, piId }: { groupId: number; piId: string }) =>
      api<Write>('/api/groupAuth/groupMember', {
        method: 'DELETE',
        query: { groupId, memberType: 'identity_id', memberId: piId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: internalUserKeys.all }),
  });
}

export const exportInternalUsers = () =>
  downloadFile('/api/groupAuth/userGroupDetails/export', {}, INTERNAL_USER_CSV_FILE);
