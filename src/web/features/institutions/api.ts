import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InstitutionSummary } from '../../../shared/contract/auth';
import type {
  OptOutDeleteResponse,
  OptOutListResponse,
  OptOutUploadResponse,
} from '../../../shared/contract/files';
import { institutionsApi } from '../../../shared/contract/institutions';
import type { RouteResponse } from '../../../shared/contract/route';
import { api, call } from '../../lib/api';

export type Institution = z.infer<typeof InstitutionSummary>;

export const institutionKeys = {
  all: ['institutions'] as const,
  search: (name: string, limit: number) => ['institutions', 'search', name, limit] as const,
};

/** Institutions whose name contains `name`: all of them for flag holders and internal users, else one's own. */
export function useInstitutionSearch(name: string, { limit = 20, enabled = true } = {}) {
  return useQuery({
    queryKey: institutionKeys.search(name, limit),
    queryFn: ({ signal }) => call(institutionsApi.filterByName, { signal, query: { name, limit } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Institution details, opt-out files and report downloads

export type InstitutionDetails = RouteResponse<typeof institutionsApi.details>;
export type OptOutUpload = z.infer<typeof OptOutUploadResponse>;
export type OptOutList = z.infer<typeof OptOutListResponse>;
export type OptOutDelete = z.infer<typeof OptOutDeleteResponse>;

export const institutionDataKeys = {
  all: ['institution-data'] as const,
  details: (orgId: number) => ['institution-data', 'details', orgId] as const,
  optOutFiles: (orgId: number) => ['institution-data', 'opt-out-files', orgId] as const,
};

/** An institution's settings (Inclusive Access page and headers). */
export function useInstitutionDetails(orgId: number | null) {
  return useQuery({
    queryKey: institutionDataKeys.details(orgId ?? 0),
    queryFn: ({ signal }) =>
      call(institutionsApi.details, { signal, params: { organizationId: orgId ?? 0 } }),
    enabled: orgId !== null,
    retry: false,
  });
}

export function useOptOutFiles(orgId: number, enabled = true) {
  return useQuery({
    queryKey: institutionDataKeys.optOutFiles(orgId),
    queryFn: ({ signal }) =>
      api<OptOutList>('/api/upload/optoutfile', { signal, query: { organizationId: orgId } }),
    enabled,
  });
}

/** Uploading or deleting an opt-out file changes opt statuses: rosters and lists reload. */
function useOptOutInvalidation(orgId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: institutionDataKeys.optOutFiles(orgId) });
    void qc.invalidateQueries({ queryKey: ['courses'] });
  };
}

export function useUploadOptOutFile(orgId: number) {
  const invalidate = useOptOutInvalidation(orgId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<OptOutUpload>('/api/upload/optoutfile', {
        method: 'POST',
        query: { organizationId: orgId },
        body: form,
      });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteOptOutFile(orgId: number) {
  const invalidate = useOptOutInvalidation(orgId);
  return useMutation({
    mutationFn: (fileId: number) =>
      api<OptOutDelete>('/api/upload/optoutfile', { method: 'DELETE', query: { fileId } }),
    onSuccess: invalidate,
  });
}
