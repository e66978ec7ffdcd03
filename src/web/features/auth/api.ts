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
import { api } from '../../lib/api';
import { clearToken, getToken, setToken } from '../../lib/storage';

export type Session = z.infer<typeof SessionResponse>;
export type AppConfig = z.infer<typeof AppConfigResponse>;
export type InstitutionCapabilities = z.infer<typeof CapabilitiesResponse>;
type Credentials = z.infer<typeof LoginBody>;
type Login = z.infer<typeof LoginResponse>;

export const authKeys = {
  all: ['auth'] as const,
  session: () => ['auth', 'session'] as const,
  capabilities: (organizationId: number) => ['auth', 'capabilities', organizationId] as const,
  config: () => ['app', 'config'] as const,
};

/** The signed-in user's session; gives up after the 15 s identity wait (spec §4). */
export function useSession() {
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => api<Session>('/api/auth/session', { signal, timeoutMs: IDENTITY_WAIT_MS }),
    enabled: !!getToken(),
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
      api<Login>('/api/auth/login', { method: 'POST', body, redirectOn401: false }),
    onSuccess: (res) => {
      forgetUserData(queryClient);
      setToken(res.token);
    },
  });
}

/** Extends the session; the same token comes back with a later expiry. */
export async function refreshSession() {
  const res = await api<Login>('/api/auth/refresh', { method: 'POST' });
  setToken(res.token);
  return res;
}

/** Ends the session on the server (best effort) and forgets the token. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await api('/api/auth/logout', { method: 'POST', redirectOn401: false });
      } catch {
        // the token is forgotten either way
      } finally {
        clearToken();
      }
    },
  });
}

/** Drops every cached answer that belongs to a user (the public app config stays). */
export function forgetUserData(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app' });
}
