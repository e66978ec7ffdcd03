import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDENTITY_WAIT_MS } from '../../../shared/constants';
import type { authApi } from '../../../shared/contract/auth';
import { authHeads } from '../../../shared/contract/auth-heads';
import type { RouteBody, RouteResponse, RouteSpec } from '../../../shared/contract/route';
import type { ssoApi } from '../../../shared/contract/sso';
import { call } from '../../lib/api';
import { announceSession, forgetUserData, SESSION_QUERY_KEY } from '../../lib/session-broadcast';

export type Session = RouteResponse<typeof authApi.session>;
export type LoginStep = Extract<RouteResponse<typeof authApi.login>, { step: unknown }>;

/**
 * A contract route known here by its method and path only (this module is in the login page's entry
 * file, which must not load zod); the type import of the route gives its input and answer types.
 */
const route = <D extends RouteSpec>(head: Pick<D, 'method' | 'path'>) => head as D;

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
      call(route<typeof ssoApi.providers>(authHeads.ssoProviders), { signal, redirectOn401: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The one-time code of a provider sign-in becomes the browser's session (every tab's). */
export function useSsoExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      call(route<typeof ssoApi.exchange>(authHeads.ssoExchange), { body: { code }, redirectOn401: false }),
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
    queryFn: ({ signal }) =>
      call(route<typeof authApi.session>(authHeads.session), { signal, timeoutMs: IDENTITY_WAIT_MS }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The caller's capabilities in one institution (also one the caller is not a member of). */
export function useCapabilities(organizationId: number | null) {
  return useQuery({
    queryKey: authKeys.capabilities(organizationId ?? 0),
    queryFn: ({ signal }) =>
      call(route<typeof authApi.capabilities>(authHeads.capabilities), {
        signal,
        query: { organizationId },
      }),
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
  });
}

/** Public configuration: environment links (help, terms, privacy, account, console). */
export function useAppConfig() {
  return useQuery({
    queryKey: authKeys.config(),
    queryFn: ({ signal }) =>
      call(route<typeof authApi.appConfig>(authHeads.appConfig), { signal, redirectOn401: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof authApi.login>) =>
      call(route<typeof authApi.login>(authHeads.login), { body, redirectOn401: false }),
    onSuccess: (res) => {
      if ('step' in res) return;
      forgetUserData(queryClient);
      announceSession({ type: 'signedIn', userId: res.userId });
    },
  });
}

/** Extends the session (the cookie's); the same session comes back with a later expiry. */
export async function refreshSession() {
  return call(route<typeof authApi.refresh>(authHeads.refresh));
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
        const res = await call(route<typeof authApi.logout>(authHeads.logout), { redirectOn401: false });
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
