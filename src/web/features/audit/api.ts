import { useInfiniteQuery } from '@tanstack/react-query';
import {
  AUDIT_CSV_FILE,
  AUDIT_XLSX_FILE,
  type AuditFiltersT,
  type AuditPageResponseT,
  auditApi,
} from '../../../shared/contract/audit';
import { call } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type AuditRow = AuditPageResponseT['rows'][number];

/** The filters of the page without empty values, as the query string takes them. */
const defined = (f: AuditFiltersT) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFiltersT) => ['audit', 'list', defined(f)] as const,
};

/** GET /api/audit, page after page (cursor of the previous one). */
export function useAuditLog(f: AuditFiltersT, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: auditKeys.list(f),
    queryFn: ({ pageParam, signal }) =>
      call(auditApi.page, {
        query: { ...(defined(f) as AuditFiltersT), limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const exportAuditLog = (f: AuditFiltersT, format: 'csv' | 'xlsx' = 'csv') =>
  format === 'csv'
    ? downloadFile(auditApi.export.path, defined(f), AUDIT_CSV_FILE)
    : downloadFile(auditApi.export.path, { ...defined(f), format }, AUDIT_XLSX_FILE);

/** The audit page pre-filtered on one entity ("history of this item"). */
export const historyPath = (entityType: string, entityId: string | number) =>
  `/auditLog?${new URLSearchParams({ entityType, entityId: String(entityId) })}`;
