import '@mantine/dropzone/styles.css';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { modals } from '@mantine/modals';
import { IconFileTypeCsv, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_CONTENT_TYPES, OPT_OUT_FILE_MAX_BYTES, formatUsDate } from '../../../../shared/validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { OptStatusBadge } from '../../../components/StatusBadges';
import { type OptOutUpload, useDeleteOptOutFile, useOptOutFiles, useUploadOptOutFile } from '../api';

const OUTCOME_COLOR = {
  applied: 'green',
  unchanged: 'gray',
  notFound: 'orange',
  invalid: 'red',
  duplicate: 'yellow',
};

/** "3 rows read, 1 enrollment changed, 2 rows not matched": each count with its own plural form. */
function summaryText(t: TFunction, f: Pick<OptOutUpload, 'rows' | 'changed' | 'notMatched'>) {
  return t('institutions.optOut.summary', {
    rows: t('institutions.optOut.rowsRead', { count: f.rows }),
    changed: t('institutions.optOut.enrollmentsChanged', { count: f.changed }),
    notMatched: t('institutions.optOut.rowsNotMatched', { count: f.notMatched }),
  });
}

function Report({ result }: { result: OptOutUpload }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="opt-out-report">
      <Title order={3} size="h5">
        {t('institutions.optOut.reportTitle', { file: result.fileName })}
      </Title>
      <Text size="sm">{summaryText(t, result)}</Text>
      <ScrollArea.Autosize
        mah={280}
        viewportProps={{
          tabIndex: 0,
          role: 'region',
          'aria-label': t('institutions.optOut.reportTitle', { file: result.fileName }),
        }}
      >
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('institutions.optOut.line')}</Table.Th>
              <Table.Th>{t('institutions.optOut.student')}</Table.Th>
              <Table.Th>{t('institutions.optOut.section')}</Table.Th>
              <Table.Th>{t('institutions.optOut.optStatus')}</Table.Th>
              <Table.Th>{t('institutions.optOut.outcome')}</Table.Th>
              <Table.Th>{t('institutions.optOut.matched')}</Table.Th>
              <Table.Th>{t('institutions.optOut.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.report.map((r) => (
              <Table.Tr key={r.line} data-outcome={r.outcome}>
                <Table.Td>{r.line}</Table.Td>
                <Table.Td>{r.student}</Table.Td>
                <Table.Td>{r.section || t('institutions.optOut.allCurrent')}</Table.Td>
                <Table.Td>{r.optStatus && <OptStatusBadge value={r.optStatus} />}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLOR[r.outcome]} variant="light">
                    {t(`institutions.optOut.outcomes.${r.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.matched}</Table.Td>
                <Table.Td>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Upload an opt-out CSV (applied at once, with a per-row report); delete one to revert what it applied. */
export function OptOutModal({
  organizationId,
  canManage,
  onClose,
}: {
  organizationId: number;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const files = useOptOutFiles(organizationId);
  const upload = useUploadOptOutFile(organizationId);
  const remove = useDeleteOptOutFile(organizationId);
  const [result, setResult] = useState<OptOutUpload | null>(null);
  const [rejected, setRejected] = useState(false);

  const send = (file: File) => {
    setRejected(false);
    upload.mutate(file, {
      onSuccess: (res) => {
        setResult(res);
        notifySuccess(t('institutions.optOut.uploaded'));
      },
      onError: notifyError,
    });
  };

  const confirmDelete = (fileId: number, fileName: string) =>
    modals.openConfirmModal({
      title: t('institutions.optOut.deleteTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {fileName}
          </Text>
          <Text size="sm">{t('institutions.optOut.deleteText')}</Text>
        </Stack>
      ),
      labels: { confirm: t('institutions.optOut.delete'), cancel: t('courses.form.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-file' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(fileId, {
          onSuccess: (res) => {
            if (result?.fileId === fileId) setResult(null);
            notifySuccess(
              t('institutions.optOut.deleted', {
                reverted: t('institutions.optOut.enrollmentsRestored', { count: res.reverted }),
                kept: t('institutions.optOut.keptChanged', { count: res.kept }),
              }),
            );
          },
          onError: notifyError,
        }),
    });

  return (
    <Modal opened onClose={onClose} title={t('institutions.optOut.title')} size="xl">
      <Stack>
        {canManage && (
          <>
            <Text size="sm">{t('institutions.optOut.intro')}</Text>
            <Dropzone
              onDrop={(accepted) => accepted[0] && send(accepted[0])}
              onReject={() => setRejected(true)}
              accept={{ [OPT_OUT_CONTENT_TYPES[0]]: ['.csv'], [OPT_OUT_CONTENT_TYPES[1]]: ['.csv'] }}
              maxSize={OPT_OUT_FILE_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              loading={upload.isPending}
              inputProps={{ 'aria-label': t('institutions.optOut.drop') }}
              data-testid="opt-out-dropzone"
            >
              <Group justify="center" gap="lg" mih={90} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden="true" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden="true" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileTypeCsv size={40} aria-hidden="true" />
                </Dropzone.Idle>
                <Stack gap={2}>
                  <Text>{t('institutions.optOut.drop')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('institutions.optOut.dropHint')}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            {rejected && (
              <Alert color="red" role="alert">
                {t('institutions.optOut.reject')}
              </Alert>
            )}
          </>
        )}
        {result && <Report result={result} />}
        <Title order={3} size="h5">
          {t('institutions.optOut.files')}
        </Title>
        {files.data?.files.length === 0 && <Text c="dimmed">{t('institutions.optOut.noFiles')}</Text>}
        {files.data && files.data.files.length > 0 && (
          <Table verticalSpacing="xs" data-testid="opt-out-files">
            <Table.Tbody>
              {files.data.files.map((f) => (
                <Table.Tr key={f.fileId} data-file-id={f.fileId}>
                  <Table.Td>
                    <Text fw={500}>{f.fileName}</Text>
                    <Text size="xs" c="dimmed">
                      {t('institutions.optOut.uploadedBy', {
                        user: f.uploadedBy,
                        date: formatUsDate(f.createdAt),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{summaryText(t, f)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {canManage && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        leftSection={<IconTrash size={14} aria-hidden="true" />}
                        onClick={() => confirmDelete(f.fileId, f.fileName)}
                        loading={remove.isPending && remove.variables === f.fileId}
                        data-testid="delete-opt-out-file"
                      >
                        {t('institutions.optOut.delete')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
