import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDENTITY_WAIT_MS } from '../../../shared/constants';
import type {
  AppConfigResponse,
  CapabilitiesResponse,
  LoginBody,
  LoginResponse,
  SessionResponse,
} from '../../../shared/contract/auth';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  ResetLinkResponse,
  ResetPasswordBody,
} from '../../../shared/contract/password-reset';
import type { LogoutResponse, SsoExchangeResponse, SsoProvidersResponse } from '../../../shared/contract/sso';
import type {
  LoginAnswer,
  LoginEnrolConfirmResponse,
  LoginTotpBody,
  TotpSetupResponse,
} from '../../../shared/contract/totp';
import { api } from '../../lib/api';
import { announceSession, forgetUserData, SESSION_QUERY_KEY } from '../../lib/session-broadcast';

export type Session = z.infer<typeof SessionResponse>;
export type AppConfig = z.infer<typeof AppConfigResponse>;
export type InstitutionCapabilities = z.infer<typeof CapabilitiesResponse>;
type Credentials = z.infer<typeof LoginBody>;
type Login = z.infer<typeof LoginResponse>;
export type LoginStep = Exclude<z.infer<typeof LoginAnswer>, Login>;

export const authKeys = {
  all: ['auth'] as const,
  session: () => SESSION_QUERY_KEY,
  capabilities: (organizationId: number) => ['auth', 'capabilities', organizationId] as const,
  config: () => ['app', 'config'] as const,
  ssoProviders: () => ['app', 'ssoProviders'] as const,
};

/** The OpenID Connect providers the login page offers (public; none when SSO is not configured). */
export function useSsoProviders() {
  return useQuery({
    queryKey: authKeys.ssoProviders(),
    queryFn: ({ signal }) =>
      api<z.infer<typeof SsoProvidersResponse>>('/api/auth/sso/providers', { signal, redirectOn401: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The one-time code of a provider sign-in becomes the browser's session (every tab's). */
export function useSsoExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<z.infer<typeof SsoExchangeResponse>>('/api/auth/sso/exchange', {
        method: 'POST',
        body: { code },
        redirectOn401: false,
      }),
    onSuccess: (res) => {
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/**
 * The signed-in user's session, asked of the server (the session cookie says who); a 401 sends the
 * tab to the login page. Gives up after the 15 s identity wait (spec §4).
 */
export function useSession() {
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => api<Session>('/api/auth/session', { signal, timeoutMs: IDENTITY_WAIT_MS }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The caller's capabilities in one institution (also one the caller is not a member of). */
export function useCapabilities(organizationId: number | null) {
  return useQuery({
    queryKey: authKeys.capabilities(organizationId ?? 0),
    queryFn: ({ signal }) =>
      api<InstitutionCapabilities>('/api/auth/capabilities', { signal, query: { organizationId } }),
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
  });
}

/** Public configuration: environment links (help, terms, privacy, account, console). */
export function useAppConfig() {
  return useQuery({
    queryKey: authKeys.config(),
    queryFn: ({ signal }) => api<AppConfig>('/api/app/config', { signal, redirectOn401: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) =>
      api<z.infer<typeof LoginAnswer>>('/api/auth/login', { method: 'POST', body, redirectOn401: false }),
    onSuccess: (res) => {
      if ('step' in res) return;
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/** The code step of a two-step sign-in: the session. */
export function useLoginTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof LoginTotpBody>) =>
      api<Login>('/api/auth/login/totp', { method: 'POST', body, redirectOn401: false }),
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
      api<z.infer<typeof TotpSetupResponse>>('/api/auth/login/enrol', {
        method: 'POST',
        body: { pendingToken },
        redirectOn401: false,
      }),
  });
}

/** Confirms the authenticator set up while signing in: the session and the recovery codes. */
export function useLoginEnrolConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof LoginTotpBody>) =>
      api<z.infer<typeof LoginEnrolConfirmResponse>>('/api/auth/login/enrol/confirm', {
        method: 'POST',
        body,
        redirectOn401: false,
      }),
    onSuccess: (res) => {
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/** Extends the session (the cookie's); the same session comes back with a later expiry. */
export async function refreshSession() {
  return api<Login>('/api/auth/refresh', { method: 'POST' });
}

/**
 * Ends the session on the server (best effort; the answer clears the cookie) and tells the other
 * tabs. Resolves to the provider's sign-out address when the session came from a provider that
 * offers one (go there next).
 */
export function useLogout() {
  return useMutation({
    mutationFn: async (): Promise<string | undefined> => {
      try {
        const res = await api<z.infer<typeof LogoutResponse>>('/api/auth/logout', {
          method: 'POST',
          redirectOn401: false,
        });
        return res.endSessionUrl;
      } catch {
        // the other tabs ask the server again either way
        return undefined;
      } finally {
        announceSession({ type: 'signedOut' });
      }
    },
  });
}

/** POST /api/auth/password/forgot: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.infer<typeof ForgotPasswordBody>) =>
      api<z.infer<typeof ForgotPasswordResponse>>('/api/auth/password/forgot', {
        method: 'POST',
        body,
        redirectOn401: false,
      }),
  });
}

/** GET /api/auth/password/reset: whose password the link resets; an ApiError for an unusable link. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['passwordReset', 'link', token] as const,
    queryFn: ({ signal }) =>
      api<z.infer<typeof ResetLinkResponse>>('/api/auth/password/reset', {
        signal,
        query: { token },
        redirectOn401: false,
      }),
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
    mutationFn: (body: z.infer<typeof ResetPasswordBody>) =>
      api<z.infer<typeof LoginAnswer>>('/api/auth/password/reset', {
        method: 'POST',
        body,
        redirectOn401: false,
      }),
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
    mutationFn: (body: z.infer<typeof ChangePasswordBody>) =>
      api<z.infer<typeof ChangePasswordResponse>>('/api/auth/password/change', { method: 'POST', body }),
  });
}
