import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CensusReportResponse,
  DashboardResponse,
  DropBody,
  DropResponse,
  ExtendTrialBody,
  ExtendTrialResponse,
  OptChangeBody,
  OptChangeResponse,
  ResendAccessMailBody,
  ResendAccessMailResponse,
} from '../../../shared/contract/inclusive-access';
import { api } from '../../lib/api';

/** The roster (courses feature) is under this key; every row action reloads it and the course lists. */
const ROSTER_KEY = ['courses'] as const;

function useRowAction<B, R>(path: string, sectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api<R>(`/api/inclusive-access/${path}`, { method: 'POST', query: { sectionId }, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ROSTER_KEY });
    },
  });
}

export const useOptChange = (sectionId: number) =>
  useRowAction<z.input<typeof OptChangeBody>, z.infer<typeof OptChangeResponse>>('opt-status', sectionId);
export const useExtendTrial = (sectionId: number) =>
  useRowAction<z.input<typeof ExtendTrialBody>, z.infer<typeof ExtendTrialResponse>>(
    'extend-trial',
    sectionId,
  );
export const useResendAccessMail = (sectionId: number) =>
  useRowAction<z.input<typeof ResendAccessMailBody>, z.infer<typeof ResendAccessMailResponse>>(
    'access-mail',
    sectionId,
  );
export const useDropEnrollment = (sectionId: number) =>
  useRowAction<z.input<typeof DropBody>, z.infer<typeof DropResponse>>('drop', sectionId);

export type Dashboard = z.infer<typeof DashboardResponse>;

export function useDashboard(organizationId: number | null) {
  return useQuery({
    queryKey: ['inclusive-access', 'dashboard', organizationId],
    queryFn: ({ signal }) =>
      api<Dashboard>('/api/inclusive-access/dashboard', { signal, query: { organizationId } }),
    enabled: organizationId !== null,
  });
}

export type CensusReport = z.infer<typeof CensusReportResponse>;

/** The census report (counts per current course and their totals) of an institution. */
export function useCensusReport(organizationId: number | null) {
  return useQuery({
    queryKey: ['inclusive-access', 'census-report', organizationId],
    queryFn: ({ signal }) =>
      api<CensusReport>('/api/inclusive-access/census-report', {
        signal,
        query: { organizationId, coursePeriod: 'current' },
      }),
    enabled: organizationId !== null,
  });
}
