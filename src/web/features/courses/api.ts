import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CourseDetailsResponse,
  CreateCourseBody,
  CreateCourseResponse,
  DeleteCourseResponse,
  EditInstructorBody,
  EditInstructorResponse,
  EditSectionBody,
  EditSectionResponse,
  InstructorListResponse,
} from '../../../shared/contract/courses';
import type {
  CourseCreationInfoResponse,
  InstructorListForInstitutionResponse,
} from '../../../shared/contract/institutions';
import type { RosterQuery, RosterResponse } from '../../../shared/contract/rosters';
import { api } from '../../lib/api';

export type CourseDetails = z.infer<typeof CourseDetailsResponse>;
export type CourseDetail = CourseDetails['course'];
export type Roster = z.infer<typeof RosterResponse>;
export type CreationInfo = z.infer<typeof CourseCreationInfoResponse>;
type RosterParams = z.input<typeof RosterQuery>;

export const courseKeys = {
  all: ['courses'] as const,
  details: (sectionId: number) => ['courses', 'details', sectionId] as const,
  roster: (params: RosterParams) => ['courses', 'roster', params] as const,
  creationInfo: (orgId: number) => ['courses', 'creation-info', orgId] as const,
  instructors: (orgId: number) => ['courses', 'institution-instructors', orgId] as const,
  sectionInstructors: (sectionId: number) => ['courses', 'section-instructors', sectionId] as const,
};

/** The instructors and TAs of one course. */
export function useSectionInstructors(sectionId: number) {
  return useQuery({
    queryKey: courseKeys.sectionInstructors(sectionId),
    queryFn: ({ signal }) =>
      api<z.infer<typeof InstructorListResponse>>('/api/courses/instructor', {
        signal,
        query: { sectionId },
      }),
  });
}

/** A course's details; `masterChild`: a child seen with its master (the master-child view). */
export function useCourseDetails(sectionId: number, masterChild = false) {
  return useQuery({
    queryKey: [...courseKeys.details(sectionId), masterChild ? 'masterChild' : 'own'],
    queryFn: ({ signal }) =>
      api<CourseDetails>(masterChild ? '/api/courses/childCourseDetails' : '/api/courses/details', {
        signal,
        query: { sectionId },
      }),
    enabled: Number.isInteger(sectionId) && sectionId > 0,
    retry: false,
  });
}

export function useRoster(params: RosterParams) {
  return useQuery({
    queryKey: courseKeys.roster(params),
    queryFn: ({ signal }) =>
      api<Roster>('/api/courses/roster', { signal, query: params as Record<string, string | number> }),
    placeholderData: keepPreviousData,
  });
}

/** Products, LMS kinds and departments for the create-course form. */
export function useCreationInfo(orgId: number | null) {
  return useQuery({
    queryKey: courseKeys.creationInfo(orgId ?? 0),
    queryFn: ({ signal }) => api<CreationInfo>(`/api/organization/${orgId}`, { signal }),
    enabled: orgId !== null,
  });
}

/** Instructors and TAs of an institution (the choices of the instructor pickers). */
export function useInstitutionInstructors(orgId: number | null) {
  return useQuery({
    queryKey: courseKeys.instructors(orgId ?? 0),
    queryFn: ({ signal }) =>
      api<z.infer<typeof InstructorListForInstitutionResponse>>(
        `/api/institution/instructorListForInstitution/${orgId}`,
        {
          signal,
          query: { limit: 200 },
        },
      ),
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
    void qc.invalidateQueries({ queryKey: ['institution-data'] });
  };
}

export function useEditSection() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof EditSectionBody>) =>
      api<z.infer<typeof EditSectionResponse>>('/api/courses/editSection', { method: 'PUT', body }),
    onSuccess: () => invalidate(),
  });
}

export function useEditInstructors() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof EditInstructorBody>) =>
      api<z.infer<typeof EditInstructorResponse>>('/api/courses/instructor', { method: 'PUT', body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCourse() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (sectionId: number) =>
      api<z.infer<typeof DeleteCourseResponse>>('/api/courses/delete', {
        method: 'DELETE',
        query: { sectionId },
      }),
    onSuccess: (_, sectionId) => invalidate(sectionId),
  });
}

export function useCreateCourse() {
  const invalidate = useCourseInvalidation();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateCourseBody>) =>
      api<z.infer<typeof CreateCourseResponse>>('/api/courses/createCourse', { method: 'POST', body }),
    onSuccess: () => invalidate(),
  });
}
