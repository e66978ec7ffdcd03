import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAction, BulkImport, BulkMode } from '../../../../shared/contract/bulk-accounts';
import { formatUsDate } from '../../../../shared/validation';
import { notifyError } from '../../../lib/notify';
import { downloadReport, useBulkImport, useCommitBulk } from '../api';
import { BulkRowsTable } from './BulkRowsTable';

const ACTION_COLOR: Record<BulkAction, string> = {
  create: 'green',
  update: 'blue',
  skip: 'gray',
  reject: 'red',
};

/** One import: the dry-run preview with mode and valid-only choice, then the job's progress and results. */
export function BulkImportView({ importId, onDone }: { importId: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const imp = useBulkImport(importId, onDone);
  const commit = useCommitBulk();
  const [mode, setMode] = useState<BulkMode>('create');
  const [validOnly, setValidOnly] = useState(false);
  const data = imp.data;
  if (!data) {
    return imp.isError ? (
      <Alert color="red">{t('errors.generic')}</Alert>
    ) : (
      <Loader aria-label={t('app.loading')} />
    );
  }
  const effectiveMode = data.mode ?? mode;
  const plan = data.planned[effectiveMode];
  const started =
    ['queued', 'running', 'done'].includes(data.status) || (data.status === 'failed' && data.mode !== null);
  const blocked = data.matches.invalid > 0 && !validOnly;
  const nothing = plan.create + plan.update === 0;

  const start = () => commit.mutate({ importId, mode, validOnly }, { onError: notifyError });

  return (
    <Paper withBorder p="md" data-testid="bulk-import">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h5">
            {data.fileName}
          </Title>
          <Badge variant="light" data-testid="bulk-status">
            {t(`bulk.status.${data.status}`)}
          </Badge>
        </Group>

        {data.status === 'parsing' && (
          <Group>
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('bulk.parsing')}</Text>
          </Group>
        )}
        {data.status === 'failed' && (
          <Alert color="red" title={t('bulk.failed')} data-testid="bulk-error">
            {data.error}
          </Alert>
        )}
        {data.sameFileUploadedAt && data.status === 'previewed' && (
          <Alert color="blue">
            {t('bulk.sameFile', { date: formatUsDate(new Date(data.sameFileUploadedAt)) })}
          </Alert>
        )}

        {(data.status === 'previewed' || started) && data.totalRows > 0 && (
          <>
            {!started && (
              <SegmentedControl
                value={mode}
                onChange={(v) => setMode(v as BulkMode)}
                data={(['create', 'update', 'createAndUpdate'] as const).map((m) => ({
                  value: m,
                  label: t('bulk.mode.withCount', {
                    mode: t(`bulk.mode.${m}`),
                    count: data.planned[m].create + data.planned[m].update,
                  }),
                }))}
                aria-label={t('bulk.mode.label')}
                data-testid="bulk-mode"
              />
            )}
            {!started && plan.update > 0 && (
              <Text size="sm" fw={500} data-testid="bulk-updates">
                {t('bulk.mode.updates', { count: plan.update })}
              </Text>
            )}
            <Group gap="xs" data-testid="bulk-summary">
              <Text size="sm">{t('bulk.summary', { count: data.totalRows })}</Text>
              {(Object.keys(ACTION_COLOR) as BulkAction[]).map((a) => (
                <Badge key={a} color={ACTION_COLOR[a]} variant="light" c="dark.8">
                  {t(`bulk.action.${a}`)}: {plan[a]}
                </Badge>
              ))}
            </Group>
            {!started && (
              <Stack gap="xs">
                {data.matches.invalid > 0 && (
                  <Checkbox
                    label={t('bulk.validOnly', { count: data.matches.invalid })}
                    checked={validOnly}
                    onChange={(e) => setValidOnly(e.currentTarget.checked)}
                  />
                )}
                {blocked && (
                  <Text size="sm" c="red">
                    {t('bulk.fixOrValidOnly')}
                  </Text>
                )}
                <Group>
                  <Button
                    leftSection={<IconPlayerPlay size={16} />}
                    disabled={blocked || nothing}
                    loading={commit.isPending}
                    onClick={start}
                    data-testid="bulk-start"
                  >
                    {t('bulk.start', { count: plan.create + plan.update })}
                  </Button>
                  {nothing && (
                    <Text size="sm" c="dimmed">
                      {t('bulk.nothing')}
                    </Text>
                  )}
                </Group>
              </Stack>
            )}
            {started && <Progressed data={data} />}
            <BulkRowsTable
              importId={importId}
              mode={effectiveMode}
              refreshKey={`${data.status}:${data.processedRows}`}
            />
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadReport(importId, effectiveMode).catch(notifyError)}
                data-testid="bulk-report"
              >
                {data.status === 'done' ? t('bulk.report') : t('bulk.previewReport')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Progressed({ data }: { data: BulkImport }) {
  const { t } = useTranslation();
  const pct = data.totalRows ? Math.round((data.processedRows / data.totalRows) * 100) : 0;
  const r = data.results;
  return (
    <Stack gap={6}>
      <Progress value={pct} animated={data.status !== 'done'} aria-label={t('bulk.progress')} />
      <Text size="sm" aria-live="polite" data-testid="bulk-progress">
        {t('bulk.processed', { done: data.processedRows, total: data.totalRows })}
      </Text>
      {data.status === 'done' && (
        <Alert color="green" data-testid="bulk-results">
          {t('bulk.results', {
            created: r.created,
            updated: r.updated,
            skipped: r.skipped,
            rejected: r.rejected,
            failed: r.failed,
          })}
        </Alert>
      )}
    </Stack>
  );
}
