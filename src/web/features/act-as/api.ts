import { useMutation, useQuery } from '@tanstack/react-query';
import { actAsApi } from '../../../shared/contract/act-as';
import type { RouteBody } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export const actAsKeys = {
  all: ['act-as'] as const,
  candidates: (organizationId: number, q: string) => ['act-as', 'candidates', organizationId, q] as const,
};

/** Members of the institution the caller may act as, matching `q`. */
export function useActAsCandidates(organizationId: number, q: string, enabled = true) {
  return useQuery({
    queryKey: actAsKeys.candidates(organizationId, q),
    queryFn: ({ signal }) => call(actAsApi.candidates, { signal, query: { organizationId, q } }),
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
    mutationFn: (body: RouteBody<typeof actAsApi.start>) => call(actAsApi.start, { body }),
    onSuccess: reload,
  });
}

export function useStopActAs() {
  return useMutation({
    mutationFn: () => call(actAsApi.stop),
    onSuccess: reload,
  });
}
