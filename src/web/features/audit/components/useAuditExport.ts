import { useState } from 'react';
import type { AuditFiltersT } from '../../../../shared/contract/audit';
import { exportAuditLog } from '../api';

export type AuditExportFormat = 'csv' | 'xlsx';

/** The download of the filtered log: which format is under way, and the last failure. */
export function useAuditExport(filters: AuditFiltersT) {
  const [exporting, setExporting] = useState<AuditExportFormat | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const onExport = async (format: AuditExportFormat) => {
    setExporting(format);
    setExportError(null);
    try {
      await exportAuditLog(filters, format);
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(null);
    }
  };
  return { exporting, exportError, onExport };
}
