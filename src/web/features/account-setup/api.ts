import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccountSetupBody,
  AccountSetupInfoResponse,
  AccountSetupResponse,
} from '../../../shared/contract/account-setup';
import { api } from '../../lib/api';

export type SetupLink = z.infer<typeof AccountSetupInfoResponse>;
type SetupResult = z.infer<typeof AccountSetupResponse>;

export const accountSetupKeys = {
  all: ['accountSetup'] as const,
  link: (token: string) => ['accountSetup', 'link', token] as const,
};

/** GET /api/account/setup: whom the link sets up; an ApiError for an unknown, used or expired link. */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: accountSetupKeys.link(token),
    queryFn: ({ signal }) =>
      api<SetupLink>('/api/account/setup', { signal, query: { token }, redirectOn401: false }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/account/setup: sets the password; the link stops working (its cached check is dropped). */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof AccountSetupBody>) =>
      api<SetupResult>('/api/account/setup', { method: 'POST', body, redirectOn401: false }),
    onSuccess: (_res, body) => queryClient.removeQueries({ queryKey: accountSetupKeys.link(body.token) }),
  });
}
