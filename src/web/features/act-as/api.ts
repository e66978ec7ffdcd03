import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ActAsCandidatesResponse,
  StartActAsBody,
  StartActAsResponse,
} from '../../../shared/contract/act-as';
import { api } from '../../lib/api';

type Candidates = z.infer<typeof ActAsCandidatesResponse>;
type StartBody = z.input<typeof StartActAsBody>;

export const actAsKeys = {
  all: ['act-as'] as const,
  candidates: (organizationId: number, q: string) => ['act-as', 'candidates', organizationId, q] as const,
};

/** Members of the institution the caller may act as, matching `q`. */
export function useActAsCandidates(organizationId: number, q: string, enabled = true) {
  return useQuery({
    queryKey: actAsKeys.candidates(organizationId, q),
    queryFn: ({ signal }) =>
      api<Candidates>('/api/act-as/candidates', { signal, query: { organizationId, q } }),
    enabled,
  });
}

/**
 * A full page load after start and stop: every cached answer belongs to the other identity, so
 * none may survive the switch.
 */
const reload = () => window.location.assign('/institution');

export function useStartActAs() {
  return useMutation({
    mutationFn: (body: StartBody) =>
      api<z.infer<typeof StartActAsResponse>>('/api/act-as/start', { method: 'POST', body }),
    onSuccess: reload,
  });
}

export function useStopActAs() {
  return useMutation({
    mutationFn: () => api('/api/act-as/stop', { method: 'POST' }),
    onSuccess: reload,
  });
}
