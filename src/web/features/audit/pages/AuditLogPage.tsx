import { Alert, Button, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { useAuditLog } from '../api';
import { AuditExportButtons } from '../components/AuditExportButtons';
import { AuditFilterForm } from '../components/AuditFilterForm';
import { AuditTable } from '../components/AuditTable';
import { useAuditExport } from '../components/useAuditExport';
import { useAuditFilters } from '../components/useAuditFilters';

/** The audit log: the chosen institution's audit rows, filtered, newest first. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { institution, capabilities } = useAppSession();
  const orgId = institution?.orgId ?? 0;
  const { form, filters, setField, apply, clear } = useAuditFilters(orgId);
  const { exporting, exportError, onExport } = useAuditExport(filters);
  const allowed = institution !== null && can(capabilities, 'viewAudit');
  const log = useAuditLog(filters, allowed);
  if (!allowed) return <Navigate to="/institution" replace />;
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page
      title={t('audit.title')}
      description={t('audit.description', { name: institution.displayName })}
      actions={<AuditExportButtons exporting={exporting} onExport={(f) => void onExport(f)} />}
    >
      <AuditFilterForm orgId={orgId} form={form} setField={setField} onApply={apply} onClear={clear} />
      {exportError != null && (
        <Alert color="red" role="alert">
          {errorText(exportError)}
        </Alert>
      )}
      {log.isPending ? (
        <Loader aria-label={t('audit.loading')} />
      ) : log.isError ? (
        <Alert color="red" role="alert">
          {errorText(log.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text data-testid="audit-empty">{t('audit.empty')}</Text>
      ) : (
        <>
          <AuditTable rows={rows} />
          {log.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
              data-testid="audit-more"
            >
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
