import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BULK_REPORT_FILE,
  BULK_TEMPLATE_FILE,
  type BulkAction,
  type BulkCommitBody,
  type BulkImport,
  type BulkImportListResponse,
  type BulkMode,
  type BulkRowsResponse,
} from '../../../shared/contract/bulk-accounts';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { userKeys } from './api';

const BASE = '/api/registrarUser/instructor/bulkAccountCreation';

export const bulkKeys = {
  all: ['bulk-imports'] as const,
  one: (id: string) => ['bulk-imports', id] as const,
  rows: (id: string, mode: BulkMode, action: BulkAction | null, page: number) =>
    ['bulk-imports', id, 'rows', mode, action, page] as const,
};

const ACTIVE = new Set(['parsing', 'queued', 'running']);

/** One import; polls every second while the preview or the job is under way. */
export function useBulkImport(importId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: bulkKeys.one(importId ?? ''),
    queryFn: async ({ signal }) => {
      const imp = await api<BulkImport>(`${BASE}/${importId}`, { signal });
      if (imp.status === 'done') void qc.invalidateQueries({ queryKey: userKeys.all });
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
      api<z.infer<typeof BulkRowsResponse>>(`${BASE}/${importId}/rows`, {
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
      return api<BulkImport>(BASE, { method: 'POST', query: { organizationId: orgId }, body: form });
    },
  });
}

export function useCommitBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, ...body }: z.input<typeof BulkCommitBody> & { importId: string }) =>
      api<BulkImport>(`${BASE}/${importId}/commit`, { method: 'POST', body }),
    onSuccess: (imp) => qc.setQueryData(bulkKeys.one(imp.importId), imp),
  });
}

export const downloadTemplate = (orgId: number) =>
  downloadFile(
    '/api/registrarUser/instructor/bulkAccountTemplate',
    { organizationId: orgId },
    BULK_TEMPLATE_FILE,
  );

export const downloadReport = (importId: string, mode: BulkMode) =>
  downloadFile(`${BASE}/${importId}/report`, { mode }, BULK_REPORT_FILE);

/** Recent imports of the institution (to follow one after a reload). */
export function useBulkImports(orgId: number) {
  return useQuery({
    queryKey: [...bulkKeys.all, 'list', orgId],
    queryFn: ({ signal }) => api<BulkImportListResponse>(BASE, { signal, query: { organizationId: orgId } }),
  });
}
