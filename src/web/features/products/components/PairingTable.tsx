import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatUsDate,
  validateCensusDuration,
  validateFreeAccessDuration,
} from '../../../../shared/validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type PairingT, useRemovePairing, useUpdatePairing } from '../api';
import { ReadinessBadge } from './badges';

type Mode = 'census' | 'freeAccess';

/** The editable duration of a row (census view: census; free-access view: free access). */
function InlineDuration({ pairing, mode }: { pairing: PairingT; mode: Mode }) {
  const { t } = useTranslation();
  const update = useUpdatePairing();
  const current = mode === 'census' ? pairing.censusDuration : pairing.freeAccessDuration;
  const [value, setValue] = useState(String(current));
  const census = mode === 'census' ? value : String(pairing.censusDuration);
  const free = mode === 'census' ? String(pairing.freeAccessDuration) : value;
  const error =
    mode === 'census' ? validateCensusDuration(census, free) : validateFreeAccessDuration(free, census);
  const label = t(
    mode === 'census' ? 'products.fields.censusDuration' : 'products.fields.freeAccessDuration',
  );
  const save = () => {
    if (error || value === String(current)) return;
    update.mutate(
      {
        pairingId: pairing.pairingId,
        organizationId: pairing.institutionId,
        censusDuration: census,
        freeAccessDuration: free,
      },
      { onSuccess: () => notifySuccess(t('products.messages.updated')), onError: notifyError },
    );
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        w={90}
        value={value}
        aria-label={`${label}: ${pairing.lmsCourseName ?? pairing.lmsCourseId}`}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
        error={error ? t(`validation.${error}`) : undefined}
        inputMode="numeric"
        data-testid={`inline-${mode}`}
      />
      <Tooltip label={t('products.actions.save')}>
        <ActionIcon
          variant="light"
          size="md"
          onClick={save}
          disabled={!!error || value === String(current)}
          loading={update.isPending}
          aria-label={`${t('products.actions.save')}: ${label}`}
        >
          <IconCheck size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Confirmation before a pairing is removed: says what the students lose. */
export function useConfirmRemove() {
  const { t } = useTranslation();
  const remove = useRemovePairing();
  return (pairing: PairingT, onRemoved?: () => void) =>
    modals.openConfirmModal({
      title: t('products.remove.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('products.remove.text', {
              course: pairing.lmsCourseName ?? pairing.lmsCourseId,
              product: pairing.productName,
            })}
          </Text>
          <Text size="sm" fw={600}>
            {t('products.remove.loss')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('products.remove.confirm'), cancel: t('products.actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove-pairing' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(
          { pairingId: pairing.pairingId, organizationId: pairing.institutionId },
          {
            onSuccess: () => {
              notifySuccess(t('products.messages.deleted'));
              onRemoved?.();
            },
            onError: notifyError,
          },
        ),
    });
}

/** LMS course pairings with their durations, dates and readiness; one duration column editable. */
export function PairingTable({
  pairings,
  mode,
  canEdit,
  showProduct = false,
}: {
  pairings: PairingT[];
  mode: Mode;
  canEdit: boolean;
  showProduct?: boolean;
}) {
  const { t } = useTranslation();
  const confirmRemove = useConfirmRemove();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table withTableBorder withColumnBorders={false} fz="sm" data-testid="pairing-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.columns.institution')}</Table.Th>
            {showProduct && <Table.Th>{t('products.columns.product')}</Table.Th>}
            <Table.Th>{t('products.columns.lmsCourse')}</Table.Th>
            <Table.Th>{t('products.columns.lms')}</Table.Th>
            <Table.Th>{t('products.columns.courseDates')}</Table.Th>
            <Table.Th>{t('products.fields.censusDuration')}</Table.Th>
            <Table.Th>{t('products.fields.freeAccessDuration')}</Table.Th>
            <Table.Th>{t('products.columns.censusDate')}</Table.Th>
            <Table.Th>{t('products.columns.freeAccessEnd')}</Table.Th>
            <Table.Th>{t('products.columns.readiness')}</Table.Th>
            {canEdit && <Table.Th>{t('products.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pairings.map((p) => (
            <Table.Tr key={p.pairingId} data-testid="pairing-row">
              <Table.Td>{p.institutionName}</Table.Td>
              {showProduct && <Table.Td>{p.productName}</Table.Td>}
              <Table.Td>
                <Anchor component={Link} to={`/products/pairing/${p.pairingId}`} size="sm">
                  {p.lmsCourseName ?? p.lmsCourseId}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {p.lmsCourseId}
                </Text>
              </Table.Td>
              <Table.Td>
                {p.integrationName ?? '—'}
                {!p.integrationEnabled && (
                  <Text size="xs" c="dimmed">
                    {t('products.integrationDisabled')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatUsDate(p.courseStartDate)} – {formatUsDate(p.courseEndDate)}
              </Table.Td>
              <Table.Td>
                {canEdit && mode === 'census' ? (
                  <InlineDuration pairing={p} mode="census" />
                ) : (
                  p.censusDuration
                )}
              </Table.Td>
              <Table.Td>
                {canEdit && mode === 'freeAccess' ? (
                  <InlineDuration pairing={p} mode="freeAccess" />
                ) : (
                  p.freeAccessDuration
                )}
              </Table.Td>
              <Table.Td c={p.censusAfterEnd ? 'red.8' : undefined}>
                {formatUsDate(p.censusDate) || '—'}
              </Table.Td>
              <Table.Td c={p.freeAccessAfterEnd ? 'red.8' : undefined}>
                {formatUsDate(p.freeAccessEndDate)}
              </Table.Td>
              <Table.Td>
                <ReadinessBadge readiness={p.readiness} />
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => confirmRemove(p)}
                    aria-label={`${t('products.remove.title')}: ${p.lmsCourseName ?? p.lmsCourseId}`}
                  >
                    {t('products.actions.remove')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
