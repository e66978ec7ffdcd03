import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { optOutApi } from '../../../shared/contract/opt-out';
import type { RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';

export type OptOutUpload = RouteResponse<typeof optOutApi.upload>;

export const optOutKeys = {
  files: (orgId: number) => ['institution-data', 'opt-out-files', orgId] as const,
};

/** GET upload/optoutfile?organizationId= : the institution's live opt-out files. */
export function useOptOutFiles(orgId: number, enabled = true) {
  return useQuery({
    queryKey: optOutKeys.files(orgId),
    queryFn: ({ signal }) => call(optOutApi.list, { signal, query: { organizationId: orgId } }),
    enabled,
  });
}

/** Uploading or deleting an opt-out file changes opt statuses: rosters and lists reload. */
function useOptOutInvalidation(orgId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: optOutKeys.files(orgId) });
    void qc.invalidateQueries({ queryKey: ['courses'] });
  };
}

export function useUploadOptOutFile(orgId: number) {
  const invalidate = useOptOutInvalidation(orgId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(optOutApi.upload, { query: { organizationId: orgId }, body: form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteOptOutFile(orgId: number) {
  const invalidate = useOptOutInvalidation(orgId);
  return useMutation({
    mutationFn: (fileId: number) => call(optOutApi.remove, { query: { fileId } }),
    onSuccess: invalidate,
  });
}
