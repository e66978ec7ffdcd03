import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OkResponse } from '../../../shared/contract/common';
import {
  CANVAS_CONFIG_FILE,
  type CreateLtiRegistrationBody,
  type LtiRegistrationDetailQuery,
  type LtiRegistrationDetailResponse,
  type LtiRegistrationLinkResponse,
  type LtiRegistrationsResponse,
  type LtiRotateKeyResponse,
  type LtiStatusBody,
  type LtiToolConfigurationResponse,
  type UpdateLtiRegistrationBody,
} from '../../../shared/contract/lti';
import type { LtiRosterSync } from '../../../shared/contract/lti-roster';
import type { InstitutionListResponse } from '../../../shared/contract/institutions';
import { api, isApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type RegistrationList = z.infer<typeof LtiRegistrationsResponse>;
export type Registration = RegistrationList['registrations'][number];
export type RegistrationDetail = z.infer<typeof LtiRegistrationDetailResponse>;
export type ToolUrls = z.infer<typeof LtiToolConfigurationResponse>;
export type RegistrationInput = z.infer<typeof UpdateLtiRegistrationBody>;
export type RosterSync = z.infer<typeof LtiRosterSync>;
export type RegistrationStatus = z.infer<typeof LtiStatusBody>['status'];
/** Only accepted or refused launches; all when undefined. */
export type LaunchFilter = z.infer<typeof LtiRegistrationDetailQuery>['result'];

export const ltiKeys = {
  all: ['lti'] as const,
  list: (orgId: number) => ['lti', 'registrations', orgId] as const,
  detail: (id: number, result: LaunchFilter) => ['lti', 'registration', id, result ?? 'all'] as const,
  tool: (orgId: number) => ['lti', 'tool', orgId] as const,
};

/**
 * GET lti/registrations of the institution. A 404 (the "LMS details" case, spec §7) is an empty
 * list without an alert.
 */
/**
 * Institutions a deployment may be mapped to, by name (the institutions feature's search; asked here
 * because that feature leads back to this one through the course pages).
 */
export function useInstitutionChoices(name: string) {
  return useQuery({
    queryKey: ['institutions', 'search', name, 20] as const,
    queryFn: ({ signal }) =>
      api<z.infer<typeof InstitutionListResponse>>('/api/institution/institutionListFilterByName', {
        signal,
        query: { name, limit: 20 },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useLtiRegistrations(orgId: number | null) {
  return useQuery({
    queryKey: ltiKeys.list(orgId ?? 0),
    enabled: orgId !== null,
    queryFn: async ({ signal }): Promise<RegistrationList> => {
      try {
        return await api<RegistrationList>('/api/lti/registrations', {
          query: { organizationId: orgId },
          signal,
        });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return { registrations: [], canEdit: false };
        throw e;
      }
    },
  });
}

export function useLtiRegistration(id: number | null, result: LaunchFilter) {
  return useQuery({
    queryKey: ltiKeys.detail(id ?? 0, result),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<RegistrationDetail>(`/api/lti/registrations/${id}`, { query: { result }, signal }),
  });
}

export function useToolUrls(orgId: number | null) {
  return useQuery({
    queryKey: ltiKeys.tool(orgId ?? 0),
    enabled: orgId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      api<ToolUrls>('/api/lti/toolConfiguration', { query: { organizationId: orgId }, signal }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ltiKeys.all });
}

export function useCreateRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.infer<typeof CreateLtiRegistrationBody>) =>
      api<RegistrationDetail>('/api/lti/registrations', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RegistrationInput }) =>
      api<RegistrationDetail>(`/api/lti/registrations/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSetRegistrationStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RegistrationStatus }) =>
      api<RegistrationDetail>(`/api/lti/registrations/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: invalidate,
  });
}

export function useDeleteRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api<z.infer<typeof OkResponse>>(`/api/lti/registrations/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useRotateKey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api<z.infer<typeof LtiRotateKeyResponse>>(`/api/lti/registrations/${id}/keys/rotate`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

/** POST "Sync roster now" of a paired course. */
export function useSyncRoster() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { registrationId: number; pairingId: number }) =>
      api<RosterSync>(`/api/lti/registrations/${v.registrationId}/rosterSyncs/${v.pairingId}`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

export function useCreateRegistrationLink() {
  return useMutation({
    mutationFn: (organizationId: number) =>
      api<z.infer<typeof LtiRegistrationLinkResponse>>('/api/lti/registrationLinks', {
        method: 'POST',
        body: { organizationId },
      }),
  });
}

export const downloadCanvasConfig = (organizationId: number) =>
  downloadFile('/api/lti/canvasConfig', { organizationId }, CANVAS_CONFIG_FILE);
