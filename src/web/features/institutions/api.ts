import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InstitutionSummary } from '../../../shared/contract/auth';
import { institutionsApi } from '../../../shared/contract/institutions';
import type { RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

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
// Institution details

export type InstitutionDetails = RouteResponse<typeof institutionsApi.details>;

export const institutionDataKeys = {
  all: ['institution-data'] as const,
  details: (orgId: number) => ['institution-data', 'details', orgId] as const,
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
