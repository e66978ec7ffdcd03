import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { institutionsApi } from '../../../shared/contract/institutions';
import {
  CANVAS_CONFIG_FILE,
  type CreateLtiRegistrationBody,
  type LtiRegistrationDetailQuery,
  ltiApi,
} from '../../../shared/contract/lti';
import { ltiRosterApi } from '../../../shared/contract/lti-roster';
import type { RouteBody, RouteResponse } from '../../../shared/contract/route';
import { call, isApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type RegistrationList = RouteResponse<typeof ltiApi.list>;
export type Registration = RegistrationList['registrations'][number];
export type RegistrationInput = RouteBody<typeof ltiApi.update>;
export type RosterSync = RouteResponse<typeof ltiRosterApi.syncPairing>;
export type RegistrationStatus = RouteBody<typeof ltiApi.setStatus>['status'];
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
    queryFn: ({ signal }) => call(institutionsApi.filterByName, { signal, query: { name, limit: 20 } }),
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
        return await call(ltiApi.list, { query: { organizationId: orgId }, signal });
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
      call(ltiApi.detail, { params: { registrationId: id }, query: { result }, signal }),
  });
}

export function useToolUrls(orgId: number | null) {
  return useQuery({
    queryKey: ltiKeys.tool(orgId ?? 0),
    enabled: orgId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => call(ltiApi.toolConfiguration, { query: { organizationId: orgId }, signal }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ltiKeys.all });
}

export function useCreateRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.infer<typeof CreateLtiRegistrationBody>) => call(ltiApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RegistrationInput }) =>
      call(ltiApi.update, { params: { registrationId: id }, body }),
    onSuccess: invalidate,
  });
}

export function useSetRegistrationStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RegistrationStatus }) =>
      call(ltiApi.setStatus, { params: { registrationId: id }, body: { status } }),
    onSuccess: invalidate,
  });
}

export function useDeleteRegistration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ltiApi.remove, { params: { registrationId: id } }),
    onSuccess: invalidate,
  });
}

export function useRotateKey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ltiApi.rotateKey, { params: { registrationId: id } }),
    onSuccess: invalidate,
  });
}

/** POST "Sync roster now" of a paired course. */
export function useSyncRoster() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { registrationId: number; pairingId: number }) =>
      call(ltiRosterApi.syncPairing, { params: v }),
    onSuccess: invalidate,
  });
}

export function useCreateRegistrationLink() {
  return useMutation({
    mutationFn: (organizationId: number) => call(ltiApi.createLink, { body: { organizationId } }),
  });
}

export const downloadCanvasConfig = (organizationId: number) =>
  downloadFile(ltiApi.canvasConfig.path, { organizationId }, CANVAS_CONFIG_FILE);
