import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/dates';
import { BULK_HEADERS, BULK_LIMITS } from '../../../../shared/contract/bulk-accounts';
import { errorText } from '../../../lib/error-text';
import { notifyError } from '../../../lib/notify';
import { bulkKeys, downloadTemplate, useBulkImports, useUploadBulk } from '../api';
import { BulkImportView } from './BulkImportView';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Bulk account creation: template, upload (checked by content on the server: .xlsx only, 5 MB,
 * 10,000 rows), then the dry-run preview, the import job and its report.
 */
export function BulkAccounts({ orgId, onDone }: { orgId: number; onDone?: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const upload = useUploadBulk(orgId);
  const recent = useBulkImports(orgId);
  const [importId, setImportId] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const send = (file: File) => {
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: (imp) => {
        setImportId(imp.importId);
        void qc.invalidateQueries({ queryKey: bulkKeys.all });
      },
      onError: (e) => setUploadError(errorText(e)),
    });
  };

  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('bulk.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('bulk.intro', { max: BULK_LIMITS.maxRows.toLocaleString() })}
              </Text>
              <Text size="sm">
                {t('bulk.columns')} <code>{BULK_HEADERS.join(' | ')}</code>
              </Text>
            </Stack>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadTemplate(orgId).catch(notifyError)}
            >
              {t('bulk.template')}
            </Button>
          </Group>
          <Dropzone
            onDrop={(files) => files[0] && send(files[0])}
            onReject={() => setUploadError(t('bulk.onlyXlsx'))}
            // the picker offers .xlsx only; the server still checks the content
            accept={{ [XLSX_TYPE]: ['.xlsx'] }}
            maxSize={BULK_LIMITS.maxBytes}
            maxFiles={1}
            multiple={false}
            loading={upload.isPending}
            inputProps={{ 'aria-label': t('bulk.drop') }}
            data-testid="bulk-dropzone"
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconFileSpreadsheet size={36} aria-hidden="true" />
              <Stack gap={2}>
                <Text fw={500}>{t('bulk.drop')}</Text>
                <Text size="sm" c="dimmed">
                  {t('bulk.dropHelp')}
                </Text>
              </Stack>
              <IconUpload size={20} aria-hidden="true" />
            </Group>
          </Dropzone>
          {uploadError && (
            <Alert color="red" data-testid="bulk-upload-error">
              {uploadError}
            </Alert>
          )}
        </Stack>
      </Paper>
      {importId && <BulkImportView key={importId} importId={importId} onDone={onDone} />}
      {!importId && (recent.data?.imports.length ?? 0) > 0 && (
        <Paper withBorder p="md">
          <Title order={3} size="h5" mb="xs">
            {t('bulk.recent')}
          </Title>
          <List spacing="xs" listStyleType="none">
            {recent.data!.imports.slice(0, 5).map((imp) => (
              <List.Item key={imp.importId}>
                <Group gap="sm">
                  <Button size="compact-sm" variant="subtle" onClick={() => setImportId(imp.importId)}>
                    {imp.fileName}
                  </Button>
                  <Badge variant="light">{t(`bulk.status.${imp.status}`)}</Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(imp.createdAt, i18n.language)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
