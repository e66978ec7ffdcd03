import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coursesApi } from '../../../shared/contract/courses';
import { institutionsApi } from '../../../shared/contract/institutions';
import type { RouteBody, RouteQuery, RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export type CourseDetails = RouteResponse<typeof coursesApi.details>;
export type CourseDetail = CourseDetails['course'];
type CourseListParams = RouteQuery<typeof coursesApi.list>;
export type CourseList = RouteResponse<typeof coursesApi.list>;
export type CourseRow = CourseList['courses'][number];
export type CourseActions = CourseList['actions'];

/**
 * The institution page's course list. Its keys stay under 'institution-data': whatever reloads an
 * institution's data (a course change, a restore from the recycle bin, a finished copy) reloads it.
 */
export const courseListKeys = {
  all: ['institution-data'] as const,
  list: (params: CourseListParams) => ['institution-data', 'list', params] as const,
};

/** The institution page's course list: one server-side page with filters, counts and facets. */
export function useCourseList(params: CourseListParams, enabled = true) {
  return useQuery({
    queryKey: courseListKeys.list(params),
    queryFn: ({ signal }) => call(coursesApi.list, { signal, query: params }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const courseKeys = {
  all: ['courses'] as const,
  details: (sectionId: number) => ['courses', 'details', sectionId] as const,
  creationInfo: (orgId: number) => ['courses', 'creation-info', orgId] as const,
  instructors: (orgId: number) => ['courses', 'institution-instructors', orgId] as const,
  sectionInstructors: (sectionId: number) => ['courses', 'section-instructors', sectionId] as const,
};

/** The instructors and TAs of one course. */
export function useSectionInstructors(sectionId: number) {
  return useQuery({
    queryKey: courseKeys.sectionInstructors(sectionId),
    queryFn: ({ signal }) => call(coursesApi.instructors, { signal, query: { sectionId } }),
  });
}

/** A course's details; `masterChild`: a child seen with its master (the master-child view). */
export function useCourseDetails(sectionId: number, masterChild = false) {
  return useQuery({
    queryKey: [...courseKeys.details(sectionId), masterChild ? 'masterChild' : 'own'],
    queryFn: ({ signal }) =>
      call(masterChild ? coursesApi.childDetails : coursesApi.details, { signal, query: { sectionId } }),
    enabled: Number.isInteger(sectionId) && sectionId > 0,
    retry: false,
  });
}

/** Products, LMS kinds and departments for the create-course form. */
export function useCreationInfo(orgId: number | null) {
  return useQuery({
    queryKey: courseKeys.creationInfo(orgId ?? 0),
    queryFn: ({ signal }) =>
      call(institutionsApi.courseCreationInfo, { signal, params: { organizationId: orgId ?? 0 } }),
    enabled: orgId !== null,
  });
}

/** Instructors and TAs of an institution (the choices of the instructor pickers). */
export function useInstitutionInstructors(orgId: number | null) {
  return useQuery({
    queryKey: courseKeys.instructors(orgId ?? 0),
    queryFn: ({ signal }) =>
      call(institutionsApi.instructors, {
        signal,
        params: { organizationId: orgId ?? 0 },
        query: { limit: 200 },
      }),
    enabled: orgId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Every change to a course reloads course lists, details and rosters; a removed course's own
 * details are not reloaded (its page is leaving, and a reload would only answer "Course not found").
 */
function useCourseInvalidation() {
  const qc = useQueryClient();
  return (removedSectionId?: number) => {
    // a removed section's own queries (details, roster…) are not read again: they would answer 404
    const ofRemoved = (key: readonly unknown[]) =>
      removedSectionId !== undefined &&
      key.some(
        (k) =>
          k === removedSectionId ||
          (typeof k === 'object' && k !== null && Object.values(k).includes(removedSectionId)),
      );
    void qc.invalidateQueries({ queryKey: courseKeys.all, predicate: (q) => !ofRemoved(q.queryKey) });
    void qc.invalidateQueries({ queryKey: courseListKeys.all });
  };
}

export function useEditSection() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof coursesApi.editSection>) => call(coursesApi.editSection, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useEditInstructors() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof coursesApi.editInstructors>) =>
      call(coursesApi.editInstructors, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCourse() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (sectionId: number) => call(coursesApi.remove, { query: { sectionId } }),
    onSuccess: (_, sectionId) => invalidate(sectionId),
  });
}

export function useCreateCourse() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: RouteBody<typeof coursesApi.create>) => call(coursesApi.create, { body }),
    onSuccess: () => invalidate(),
  });
}
