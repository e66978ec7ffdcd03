import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type RecycleBinResponseT,
  type RecycleKindT,
  type RestoreBodyT,
  recycleBinApi,
} from '../../../shared/contract/recycle-bin';
import { call } from '../../lib/api';
import { courseKeys } from '../courses';
import { roleKeys } from '../roles';

export type RecycleEntry = RecycleBinResponseT['entries'][number];

export const recycleBinKeys = {
  all: ['recycle-bin'] as const,
  list: (orgId: number, kind: RecycleKindT | null) => ['recycle-bin', 'list', orgId, kind] as const,
};

/** GET /api/recycle-bin, page after page. Always fresh: a removal elsewhere adds to it. */
export function useRecycleBin(orgId: number, kind: RecycleKindT | null, enabled = true) {
  return useInfiniteQuery({
    enabled,
    staleTime: 0,
    queryKey: recycleBinKeys.list(orgId, kind),
    queryFn: ({ pageParam, signal }) =>
      call(recycleBinApi.list, {
        query: {
          organizationId: orgId,
          ...(kind ? { kind } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** POST /api/recycle-bin/restore: the course, role or role member is back in its lists. */
export function useRestore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreBodyT) => call(recycleBinApi.restore, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: recycleBinKeys.all });
      void qc.invalidateQueries({ queryKey: courseKeys.all });
      void qc.invalidateQueries({ queryKey: ['institution-data'] });
      void qc.invalidateQueries({ queryKey: roleKeys.all });
      void qc.invalidateQueries({ queryKey: ['internal-users'] });
    },
  });
}
