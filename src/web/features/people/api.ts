import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleApi } from '../../../shared/contract/people';
import type { RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export type PeoplePage = RouteResponse<typeof peopleApi.find>;
export type PersonRow = PeoplePage['people'][number];

export const peopleKeys = {
  all: ['people'] as const,
  search: (q: string, page: number) => ['people', 'search', q, page] as const,
};

/** GET /api/people: one page of people matching `q` (asked only from 2 characters on). */
export function usePeople(q: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.search(q, page),
    queryFn: ({ signal }) => call(peopleApi.find, { signal, query: { q, page, pageSize: 20 } }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
