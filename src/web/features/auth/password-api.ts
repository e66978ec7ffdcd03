import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passwordResetApi } from '../../../shared/contract/password-reset';
import type { RouteBody } from '../../../shared/contract/route';
import { call } from '../../lib/api';
import { announceSession, forgetUserData } from '../../lib/session-broadcast';

/** POST /api/auth/password/forgot: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof passwordResetApi.forgot>) =>
      call(passwordResetApi.forgot, { body, redirectOn401: false }),
  });
}

/** GET /api/auth/password/reset: whose password the link resets; an ApiError for an unusable link. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['passwordReset', 'link', token] as const,
    queryFn: ({ signal }) =>
      call(passwordResetApi.checkLink, { signal, query: { token }, redirectOn401: false }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/password/reset: sets the new password and signs this tab in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof passwordResetApi.reset>) =>
      call(passwordResetApi.reset, { body, redirectOn401: false }),
    onSuccess: (res) => {
      if ('step' in res) return;
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/** POST /api/auth/password/change: the signed-in user's password; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof passwordResetApi.change>) => call(passwordResetApi.change, { body }),
  });
}
