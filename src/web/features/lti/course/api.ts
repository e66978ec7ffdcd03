import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ltiRosterApi } from '../../../../shared/contract/lti-roster';
import { call } from '../../../lib/api';

const key = (sectionId: number) => ['lti', 'courseRosterSync', sectionId] as const;

/** The course's NRPS roster sync (null when no LTI launch of it carried NRPS). */
export function useCourseRosterSync(sectionId: number) {
  return useQuery({
    queryKey: key(sectionId),
    queryFn: () => call(ltiRosterApi.courseSync, { query: { sectionId } }),
  });
}

/** "Sync roster now" from the course; the roster and its count are read again after it. */
export function useSyncCourseRoster(sectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(ltiRosterApi.syncCourse, { query: { sectionId } }),
    onSuccess: (data) => {
      qc.setQueryData(key(sectionId), data);
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
