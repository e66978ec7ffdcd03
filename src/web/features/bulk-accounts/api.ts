import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_REPORT_FILE,
  BULK_TEMPLATE_FILE,
  type BulkAction,
  bulkAccountsApi,
  type BulkMode,
} from '../../../shared/contract/bulk-accounts';
import { pathOf, type RouteBody } from '../../../shared/contract/route';
import { call } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export const bulkKeys = {
  all: ['bulk-imports'] as const,
  one: (id: string) => ['bulk-imports', id] as const,
  rows: (id: string, mode: BulkMode, action: BulkAction | null, page: number) =>
    ['bulk-imports', id, 'rows', mode, action, page] as const,
};

const ACTIVE = new Set(['parsing', 'queued', 'running']);

/** One import; polls every second while the preview or the job is under way; `onDone` when it is done. */
export function useBulkImport(importId: string | null, onDone?: () => void) {
  return useQuery({
    queryKey: bulkKeys.one(importId ?? ''),
    queryFn: async ({ signal }) => {
      const imp = await call(bulkAccountsApi.get, { params: { importId: importId! }, signal });
      if (imp.status === 'done') onDone?.();
      return imp;
    },
    enabled: importId !== null,
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 1000 : false),
  });
}

/** Every row of the file, a page at a time, with what it does in `mode`. */
export function useBulkRows(
  importId: string | null,
  mode: BulkMode,
  action: BulkAction | null,
  page: number,
  refreshKey: string,
) {
  return useQuery({
    queryKey: [...bulkKeys.rows(importId ?? '', mode, action, page), refreshKey],
    queryFn: ({ signal }) =>
      call(bulkAccountsApi.rows, {
        params: { importId: importId! },
        signal,
        query: { mode, action: action ?? undefined, page, pageSize: 25 },
      }),
    enabled: importId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUploadBulk(orgId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(bulkAccountsApi.upload, { query: { organizationId: orgId }, body: form });
    },
  });
}

export function useCommitBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, ...body }: RouteBody<typeof bulkAccountsApi.commit> & { importId: string }) =>
      call(bulkAccountsApi.commit, { params: { importId }, body }),
    onSuccess: (imp) => qc.setQueryData(bulkKeys.one(imp.importId), imp),
  });
}

export const downloadTemplate = (orgId: number) =>
  downloadFile(bulkAccountsApi.template.path, { organizationId: orgId }, BULK_TEMPLATE_FILE);

export const downloadReport = (importId: string, mode: BulkMode) =>
  downloadFile(pathOf(bulkAccountsApi.report, { importId }), { mode }, BULK_REPORT_FILE);

/** Recent imports of the institution (to follow one after a reload). */
export function useBulkImports(orgId: number) {
  return useQuery({
    queryKey: [...bulkKeys.all, 'list', orgId],
    queryFn: ({ signal }) => call(bulkAccountsApi.list, { signal, query: { organizationId: orgId } }),
  });
}
