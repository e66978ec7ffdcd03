import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  accessExplainApi,
  type ExplainAccessQueryT,
  type ExplainAccessResponseT,
} from '../../../shared/contract/access-explain';
import { call } from '../../lib/api';

export type Explanation = ExplainAccessResponseT;

export const explainKeys = {
  all: ['access-explain'] as const,
  users: (organizationId: number, q: string) => ['access-explain', 'users', organizationId, q] as const,
  explain: (q: ExplainAccessQueryT) => ['access-explain', 'explain', q] as const,
};

/** GET /api/access/explain/users: people one may ask about in the institution. */
export function useExplainUsers(organizationId: number | null, q: string) {
  return useQuery({
    queryKey: explainKeys.users(organizationId ?? 0, q),
    queryFn: ({ signal }) =>
      call(accessExplainApi.users, { signal, query: { organizationId: organizationId as number, q } }),
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/access/explain: the verdict and its reasons (null: not asked yet). */
export function useExplainAccess(q: ExplainAccessQueryT | null) {
  return useQuery({
    queryKey: q ? explainKeys.explain(q) : ['access-explain', 'none'],
    queryFn: ({ signal }) => call(accessExplainApi.explain, { signal, query: q as ExplainAccessQueryT }),
    enabled: q !== null,
    staleTime: 0,
  });
}
