import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inclusiveAccessApi } from '../../../shared/contract/inclusive-access';
import type { RouteBody, RouteQuery, RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

/** The roster (rosters feature) is under this key; every row action reloads it and the course lists. */
const ROSTER_KEY = ['courses'] as const;

type RowAction =
  | typeof inclusiveAccessApi.optStatus
  | typeof inclusiveAccessApi.extendTrial
  | typeof inclusiveAccessApi.accessMail
  | typeof inclusiveAccessApi.drop;

function useRowAction<D extends RowAction>(route: D, sectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<D>): Promise<RouteResponse<D>> =>
      call(route, { query: { sectionId } as RouteQuery<D>, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ROSTER_KEY });
    },
  });
}

export const useOptChange = (sectionId: number) => useRowAction(inclusiveAccessApi.optStatus, sectionId);
export const useExtendTrial = (sectionId: number) => useRowAction(inclusiveAccessApi.extendTrial, sectionId);
export const useResendAccessMail = (sectionId: number) =>
  useRowAction(inclusiveAccessApi.accessMail, sectionId);
export const useDropEnrollment = (sectionId: number) => useRowAction(inclusiveAccessApi.drop, sectionId);

export function useDashboard(organizationId: number | null) {
  return useQuery({
    queryKey: ['inclusive-access', 'dashboard', organizationId],
    queryFn: ({ signal }) =>
      call(inclusiveAccessApi.dashboard, { signal, query: { organizationId: organizationId ?? 0 } }),
    enabled: organizationId !== null,
  });
}

/** The census report (counts per current course and their totals) of an institution. */
export function useCensusReport(organizationId: number | null) {
  return useQuery({
    queryKey: ['inclusive-access', 'census-report', organizationId],
    queryFn: ({ signal }) =>
      call(inclusiveAccessApi.censusReport, {
        signal,
        query: { organizationId: organizationId ?? 0, coursePeriod: 'current' },
      }),
    enabled: organizationId !== null,
  });
}
