import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteResponse } from '../../../shared/contract/route';
import { totpApi } from '../../../shared/contract/totp';
import { call } from '../../lib/api';

export type TotpSetup = RouteResponse<typeof totpApi.setup>;

export const totpKeys = {
  status: () => ['totp', 'status'] as const,
};

/** Whether two-step sign-in is on for the signed-in account, and whether it must be. */
export function useTotpStatus(enabled = true) {
  return useQuery({
    queryKey: totpKeys.status(),
    queryFn: ({ signal }) => call(totpApi.status, { signal }),
    enabled,
  });
}

/** Starts setting up an authenticator: its QR code and key. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: () => call(totpApi.setup),
  });
}

/**
 * Turns two-step sign-in on with the first code: the recovery codes. The status is read again when
 * the dialog closes (`useRefreshTotpStatus`), so the codes stay on screen until then.
 */
export function useTotpConfirm() {
  return useMutation({
    mutationFn: (code: string) => call(totpApi.confirm, { body: { code } }),
  });
}

/** Reads the status again (after the dialog closes). */
export function useRefreshTotpStatus() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: totpKeys.status() });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof totpApi.disable>) => call(totpApi.disable, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpKeys.status() }),
  });
}
