import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InstitutionSummary } from '../../../shared/contract/auth';
import type {
  InstitutionDataQuery,
  InstitutionDataResponse,
  InstitutionDetails as InstitutionDetailsSchema,
  InstitutionListResponse,
} from '../../../shared/contract/institutions';
import { api } from '../../lib/api';

export type Institution = z.infer<typeof InstitutionSummary>;
type InstitutionList = z.infer<typeof InstitutionListResponse>;

export const institutionKeys = {
  all: ['institutions'] as const,
  search: (name: string, limit: number) => ['institutions', 'search', name, limit] as const,
};

/** Institutions whose name contains `name`: all of them for flag holders and internal users, else one's own. */
export function useInstitutionSearch(name: string, { limit = 20, enabled = true } = {}) {
  return useQuery({
    queryKey: institutionKeys.search(name, limit),
    queryFn: ({ signal }) =>
      api<InstitutionList>('/api/institution/institutionListFilterByName', {
        signal,
        query: { name, limit },
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Course list and institution details

type InstitutionDataParams = z.input<typeof InstitutionDataQuery>;
export type InstitutionData = z.infer<typeof InstitutionDataResponse>;
export type CourseRow = InstitutionData['courses'][number];
export type CourseActions = InstitutionData['actions'];
export type InstitutionDetails = z.infer<typeof InstitutionDetailsSchema>;

export const institutionDataKeys = {
  all: ['institution-data'] as const,
  list: (params: InstitutionDataParams) => ['institution-data', 'list', params] as const,
  details: (orgId: number) => ['institution-data', 'details', orgId] as const,
};

/** The institution page's course list: one server-side page with filters, counts and facets. */
export function useInstitutionData(params: InstitutionDataParams, enabled = true) {
  return useQuery({
    queryKey: institutionDataKeys.list(params),
    queryFn: ({ signal }) =>
      api<InstitutionData>('/api/institution/institutionData', {
        signal,
        query: params as Record<string, string | number>,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** An institution's settings (Inclusive Access page and headers). */
export function useInstitutionDetails(orgId: number | null) {
  return useQuery({
    queryKey: institutionDataKeys.details(orgId ?? 0),
    queryFn: ({ signal }) =>
      api<InstitutionDetails>(`/api/institution/institutionDetails/${orgId}`, { signal }),
    enabled: orgId !== null,
    retry: false,
  });
}
