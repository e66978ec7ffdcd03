import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSetupApi } from '../../../shared/contract/account-setup';
import type { RouteBody, RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export type SetupLink = RouteResponse<typeof accountSetupApi.check>;

export const accountSetupKeys = {
  all: ['accountSetup'] as const,
  link: (token: string) => ['accountSetup', 'link', token] as const,
};

/** GET /api/account/setup: whom the link sets up; an ApiError for an unknown, used or expired link. */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: accountSetupKeys.link(token),
    queryFn: ({ signal }) => call(accountSetupApi.check, { signal, query: { token }, redirectOn401: false }),
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
    mutationFn: (body: RouteBody<typeof accountSetupApi.complete>) =>
      call(accountSetupApi.complete, { body, redirectOn401: false }),
    onSuccess: (_res, body) => queryClient.removeQueries({ queryKey: accountSetupKeys.link(body.token) }),
  });
}
