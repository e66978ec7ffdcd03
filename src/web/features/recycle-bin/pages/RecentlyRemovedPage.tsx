import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRestore, IconTrashOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { RECYCLE_BIN_DAYS } from '../../../../shared/constants';
import type { RecycleKindT } from '../../../../shared/contract/recycle-bin';
import { can } from '../../../../shared/permissions';
import { formatUsDate } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RecycleEntry, useRecycleBin, useRestore } from '../api';

function KindBadge({ kind }: { kind: RecycleKindT }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={kind === 'section' ? 'blue' : kind === 'role' ? 'grape' : 'violet'}
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {t(`recycleBin.kinds.${kind}`)}
    </Badge>
  );
}

/** /recentlyRemoved: the institution's courses, roles and role members removed in the last 30 days, with Restore. */
export default function RecentlyRemovedPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const [kind, setKind] = useState<RecycleKindT | null>(null);
  const orgId = institution?.orgId ?? 0;
  const kinds = [
    ...(can(capabilities, 'deleteCourses') ? (['section'] as const) : []),
    ...(can(capabilities, 'editRoles') ? (['role'] as const) : []),
    ...(can(capabilities, 'editRoles') || can(capabilities, 'editInternalUsers')
      ? (['membership'] as const)
      : []),
  ];
  const allowed = institution !== null && can(capabilities, 'recycleBin');
  const bin = useRecycleBin(orgId, kind, allowed);
  const restore = useRestore();
  if (!allowed) return <Navigate to="/institution" replace />;

  const confirmRestore = (e: RecycleEntry) =>
    modals.openConfirmModal({
      title: t('recycleBin.confirm.title', { name: e.name }),
      children: <Text size="sm">{t(`recycleBin.confirm.${e.kind}`)}</Text>,
      labels: { confirm: t('recycleBin.restore'), cancel: t('recycleBin.cancel') },
      closeButtonProps: { 'aria-label': t('common.close') },
      confirmProps: { 'data-testid': 'confirm-restore' } as Record<string, string>,
      onConfirm: () =>
        restore.mutate(
          { organizationId: orgId, id: e.id },
          {
            onSuccess: (r) => {
              notifySuccess(
                r.membersNotBack > 0
                  ? t('recycleBin.restoredSome', { name: r.name, count: r.membersNotBack })
                  : t('recycleBin.restored', { name: r.name }),
              );
            },
            onError: notifyError,
          },
        ),
    });

  const entries = bin.data?.pages.flatMap((p) => p.entries) ?? [];
  const restoreButton = (e: RecycleEntry) => (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden="true" />}
      onClick={() => confirmRestore(e)}
      loading={restore.isPending && restore.variables?.id === e.id}
      aria-label={t('recycleBin.restoreNamed', { name: e.name })}
      data-testid="restore"
    >
      {t('recycleBin.restore')}
    </Button>
  );

  return (
    <Page
      title={t('recycleBin.title')}
      description={t('recycleBin.description', { name: institution.displayName, days: RECYCLE_BIN_DAYS })}
    >
      {kinds.length > 1 && (
        <SegmentedControl
          aria-label={t('recycleBin.kindFilter')}
          value={kind ?? 'all'}
          onChange={(v) => setKind(v === 'all' ? null : (v as RecycleKindT))}
          data={[
            { value: 'all', label: t('recycleBin.kinds.all') },
            ...kinds.map((k) => ({ value: k, label: t(`recycleBin.kinds.${k}`) })),
          ]}
          style={{ alignSelf: 'flex-start' }}
          data-testid="bin-kind"
        />
      )}
      {bin.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : bin.isError ? (
        <Alert color="red">{errorText(bin.error)}</Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconTrashOff aria-hidden="true" />}
          withIndicatorBackground
          description={t('recycleBin.empty', { days: RECYCLE_BIN_DAYS })}
          py="xl"
          data-testid="bin-empty"
        />
      ) : (
        <Stack>
          <Stack gap="sm" hiddenFrom="sm" data-testid="bin-cards">
            {entries.map((e) => (
              <Card key={e.id} withBorder padding="sm" data-testid="bin-card" data-entity={e.entityId}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ wordBreak: 'break-word' }}>
                    {e.name}
                  </Text>
                  <KindBadge kind={e.kind} />
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {t('recycleBin.removedLine', {
                    who: e.removedByName ?? t('recycleBin.unknownUser'),
                    date: formatUsDate(e.removedAt),
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('recycleBin.columns.purgeAt')}: {formatUsDate(e.purgeAt)}
                </Text>
                <Group mt="xs">{restoreButton(e)}</Group>
              </Card>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped data-testid="bin-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('recycleBin.columns.kind')}</Table.Th>
                  <Table.Th>{t('recycleBin.columns.name')}</Table.Th>
                  <Table.Th>{t('recycleBin.columns.removedBy')}</Table.Th>
                  <Table.Th>{t('recycleBin.columns.removedAt')}</Table.Th>
                  <Table.Th>{t('recycleBin.columns.purgeAt')}</Table.Th>
                  <Table.Th>{t('recycleBin.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id} data-testid="bin-row" data-kind={e.kind} data-entity={e.entityId}>
                    <Table.Td>
                      <KindBadge kind={e.kind} />
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{e.name}</Table.Td>
                    <Table.Td>{e.removedByName ?? t('recycleBin.unknownUser')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(e.removedAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(e.purgeAt)}</Table.Td>
                    <Table.Td>{restoreButton(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {bin.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void bin.fetchNextPage()}
              loading={bin.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              {t('recycleBin.more')}
            </Button>
          )}
        </Stack>
      )}
    </Page>
  );
}
