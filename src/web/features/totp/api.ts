import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TotpConfirmResponse,
  TotpDisableBody,
  TotpSetupResponse,
  TotpStatusResponse,
} from '../../../shared/contract/totp';
import { api } from '../../lib/api';

export type TotpSetup = z.infer<typeof TotpSetupResponse>;

export const totpKeys = {
  status: () => ['totp', 'status'] as const,
};

/** Whether two-step sign-in is on for the signed-in account, and whether it must be. */
export function useTotpStatus(enabled = true) {
  return useQuery({
    queryKey: totpKeys.status(),
    queryFn: ({ signal }) => api<z.infer<typeof TotpStatusResponse>>('/api/account/totp', { signal }),
    enabled,
  });
}

/** Starts setting up an authenticator: its QR code and key. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: () => api<TotpSetup>('/api/account/totp/setup', { method: 'POST' }),
  });
}

/**
 * Turns two-step sign-in on with the first code: the recovery codes. The status is read again when
 * the dialog closes (`useRefreshTotpStatus`), so the codes stay on screen until then.
 */
export function useTotpConfirm() {
  return useMutation({
    mutationFn: (code: string) =>
      api<z.infer<typeof TotpConfirmResponse>>('/api/account/totp/confirm', {
        method: 'POST',
        body: { code },
      }),
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
    mutationFn: (body: z.input<typeof TotpDisableBody>) =>
      api('/api/account/totp/disable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpKeys.status() }),
  });
}
