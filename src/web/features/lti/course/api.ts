import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CourseRosterSyncResponse } from '../../../../shared/contract/lti-roster';
import { api } from '../../../lib/api';

export type CourseRosterSync = z.infer<typeof CourseRosterSyncResponse>;

const key = (sectionId: number) => ['lti', 'courseRosterSync', sectionId] as const;

/** The course's NRPS roster sync (null when no LTI launch of it carried NRPS). */
export function useCourseRosterSync(sectionId: number) {
  return useQuery({
    queryKey: key(sectionId),
    queryFn: () => api<CourseRosterSync>(`/api/courses/rosterSync?sectionId=${sectionId}`),
  });
}

/** "Sync roster now" from the course; the roster and its count are read again after it. */
export function useSyncCourseRoster(sectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CourseRosterSync>(`/api/courses/rosterSync?sectionId=${sectionId}`, { method: 'POST' }),
    onSuccess: (data) => {
      qc.setQueryData(key(sectionId), data);
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
