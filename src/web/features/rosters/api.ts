import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteQuery } from '../../../shared/contract/route';
import { rostersApi } from '../../../shared/contract/rosters';
import { call } from '../../lib/api';

type RosterParams = RouteQuery<typeof rostersApi.roster>;

/**
 * A course's roster. Its keys stay under 'courses': whatever reloads a course (a course change, an
 * opt or access action, an LMS roster sync, an opt-out) reloads its roster too.
 */
const rosterKeys = {
  roster: (params: RosterParams) => ['courses', 'roster', params] as const,
};

/** One page of a course's students. */
export function useRoster(params: RosterParams) {
  return useQuery({
    queryKey: rosterKeys.roster(params),
    queryFn: ({ signal }) => call(rostersApi.roster, { signal, query: params }),
    placeholderData: keepPreviousData,
  });
}
