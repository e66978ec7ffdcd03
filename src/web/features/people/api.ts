import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PeopleResponseT } from '../../../shared/contract/people';
import { api } from '../../lib/api';

export type PeoplePage = PeopleResponseT;
export type PersonRow = PeopleResponseT['people'][number];

export const peopleKeys = {
  all: ['people'] as const,
  search: (q: string, page: number) => ['people', 'search', q, page] as const,
};

/** GET /api/people: one page of people matching `q` (asked only from 2 characters on). */
export function usePeople(q: string, page: number) {
  return useQuery({
    queryKey: peopleKeys.search(q, page),
    queryFn: ({ signal }) => api<PeoplePage>('/api/people', { signal, query: { q, page, pageSize: 20 } }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
