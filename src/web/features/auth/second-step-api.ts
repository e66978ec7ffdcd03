import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/contract/route';
import { totpApi } from '../../../shared/contract/totp';
import { call } from '../../lib/api';
import { announceSession, forgetUserData } from '../../lib/session-broadcast';

/** The code step of a two-step sign-in: the session. */
export function useLoginTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof totpApi.loginCode>) =>
      call(totpApi.loginCode, { body, redirectOn401: false }),
    onSuccess: (res) => {
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/** The enrolment step of a sign-in: a new authenticator's QR code and key. */
export function useLoginEnrol() {
  return useMutation({
    mutationFn: (pendingToken: string) =>
      call(totpApi.loginEnrol, { body: { pendingToken }, redirectOn401: false }),
  });
}

/** Confirms the authenticator set up while signing in: the session and the recovery codes. */
export function useLoginEnrolConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof totpApi.loginEnrolConfirm>) =>
      call(totpApi.loginEnrolConfirm, { body, redirectOn401: false }),
    onSuccess: (res) => {
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}
