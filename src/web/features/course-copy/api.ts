import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type CopyCoursesBody,
  type CopyValidationsQuery,
  type CreateChildCourseBody,
  courseCopyApi,
  type RetryCopyBody,
} from '../../../shared/contract/course-copy';
import type { RouteResponse } from '../../../shared/contract/route';
import { call, isApiError } from '../../lib/api';
import { alertKeys } from '../alerts';

export type CopyValidations = RouteResponse<typeof courseCopyApi.validations>;
export type CopyValidation = CopyValidations['validations'][number];
export type CopyRequest = RouteResponse<typeof courseCopyApi.requests>['requests'][number];
/** Which request a validation is for: a copy, or a child course. */
type ValidationContext = z.infer<typeof CopyValidationsQuery>['context'];

export const copyKeys = {
  all: ['course-copy'] as const,
  validations: (organizationId: number, sectionIds: number[], context: ValidationContext) =>
    ['course-copy', 'validations', organizationId, context, sectionIds.join(',')] as const,
  requests: (organizationId: number) => ['course-copy', 'requests', organizationId] as const,
};

/** GET copyCourseValidations: may these sections be copied, and what the copies will look like. */
export function useCopyValidations(organizationId: number, sectionIds: number[], context: ValidationContext) {
  return useQuery({
    queryKey: copyKeys.validations(organizationId, sectionIds, context),
    queryFn: ({ signal }) =>
      call(courseCopyApi.validations, {
        signal,
        query: { organizationId, sectionIds: sectionIds.join(','), context },
      }),
    enabled: sectionIds.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The caller's copy requests of the last 24 hours; polled every 5 s while one is unfinished. */
export function useCopyRequests(organizationId: number | null, enabled = true) {
  return useQuery({
    queryKey: copyKeys.requests(organizationId ?? 0),
    queryFn: ({ signal }) =>
      call(courseCopyApi.requests, { signal, query: { organizationId: organizationId ?? 0 } }),
    enabled: enabled && organizationId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.requests.some((r) => !r.finished) ? 5000 : false),
  });
}

function useAfterCopy() {
  const client = useQueryClient();
  return (organizationId: number) => {
    void client.invalidateQueries({ queryKey: copyKeys.requests(organizationId) });
    void client.invalidateQueries({ queryKey: alertKeys.all });
  };
}

/** POST copy/: one course or several. */
export function useCopyCourses() {
  const after = useAfterCopy();
  return useMutation({
    mutationFn: (body: z.input<typeof CopyCoursesBody>) => call(courseCopyApi.copy, { body }),
    onSuccess: (_data, body) => after(body.organizationId),
  });
}

/** POST createChildCourse/. */
export function useCreateChildCourse() {
  const after = useAfterCopy();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateChildCourseBody>) => call(courseCopyApi.createChild, { body }),
    onSuccess: (_data, body) => after(body.organizationId),
  });
}

/** POST copy/retry: failed courses are queued again. */
export function useRetryCopies() {
  const after = useAfterCopy();
  return useMutation({
    mutationFn: (body: z.input<typeof RetryCopyBody>) => call(courseCopyApi.retry, { body }),
    onSuccess: (_data, body) => after(body.organizationId),
  });
}

/** The codes of a refused copy (422 `refused: [{ sectionId, code }]`), by section id. */
export function refusedCodes(error: unknown): Record<number, number> {
  if (!isApiError(error) || !error.refused) return {};
  return Object.fromEntries(error.refused.map((r) => [r.sectionId, r.code]));
}
