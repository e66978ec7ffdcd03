import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LTI_LAUNCH_LOG_LIMIT } from '../../../../shared/contract/lti';
import { useErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type LaunchFilter, type Registration, useLtiRegistration, useRotateKey } from '../api';
import { ReasonText } from './display';
import { Reregistration } from './Reregistration';
import { RosterSyncs } from './RosterSyncs';
import { formatDateTime, STATUS_COLOR } from './format';
import { UnknownClientLaunches } from './UnknownClientLaunches';

/** Short form of a role URI (its last part) for the launch log. */
const shortRole = (role: string) => role.split(/[#/]/).pop() ?? role;

/** One registration: its deployments, tool keys (with rotate) and its last launches, filterable by result. */
export function RegistrationDrawer({
  registration,
  onClose,
}: {
  registration: Registration;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<'all' | NonNullable<LaunchFilter>>('all');
  const result: LaunchFilter = filter === 'all' ? undefined : filter;
  const detail = useLtiRegistration(registration.registrationId, result);
  const rotate = useRotateKey();
  const r = detail.data?.registration ?? registration;
  const date = (v: string | null) => formatDateTime(v, i18n.language);

  const rotateKey = () =>
    modals.openConfirmModal({
      title: t('lti.rotate.title'),
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text size="sm">{t('lti.rotate.text')}</Text>,
      labels: { confirm: t('lti.rotate.confirm'), cancel: t('lti.cancel') },
      confirmProps: { 'data-testid': 'lti-confirm-rotate' } as Record<string, string>,
      onConfirm: () =>
        rotate.mutate(r.registrationId, {
          onSuccess: () => notifySuccess(t('lti.rotated')),
          onError: notifyError,
        }),
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={r.name}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack data-testid="lti-detail">
        <Group gap="xs">
          <Badge color={STATUS_COLOR[r.status]} variant="dot" tt="none">
            {t(`lti.status.${r.status}`)}
          </Badge>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.issuer} · {r.clientId}
          </Text>
        </Group>
        <Title order={3} size="h5">
          {t('lti.detail.deployments')}
        </Title>
        <Stack gap={2}>
          {r.deployments.map((d) => (
            <Text size="sm" key={d.deploymentId}>
              <Code>{d.deploymentId}</Code> → {d.institutionName}
            </Text>
          ))}
        </Stack>

        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            {t('lti.detail.keys')}
          </Title>
          {r.canEdit && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              onClick={rotateKey}
              loading={rotate.isPending}
              data-testid="lti-rotate"
            >
              {t('lti.detail.rotate')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('lti.detail.keysHint')}
        </Text>
        {detail.isError && (
          <Alert color="red" role="alert">
            {errorText(detail.error)}
          </Alert>
        )}
        {detail.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="lti-keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lti.detail.kid')}</Table.Th>
                  <Table.Th>{t('lti.detail.alg')}</Table.Th>
                  <Table.Th>{t('lti.detail.created')}</Table.Th>
                  <Table.Th>{t('lti.detail.keyState')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(detail.data?.keys ?? []).map((k) => (
                  <Table.Tr key={k.kid} data-testid="lti-key-row" data-state={k.state}>
                    <Table.Td>
                      <Code style={{ overflowWrap: 'anywhere' }}>{k.kid}</Code>
                    </Table.Td>
                    <Table.Td>{k.alg}</Table.Td>
                    <Table.Td>{date(k.createdAt)}</Table.Td>
                    <Table.Td>
                      {t(`lti.keyState.${k.state}`, {
                        date: date(k.state === 'next' ? k.activatesAt : k.retiredAt),
                      })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Reregistration last={detail.data?.lastReregistration} />

        <RosterSyncs
          registrationId={r.registrationId}
          syncs={detail.data?.rosterSyncs ?? []}
          canEdit={r.canEdit}
        />

        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            {t('lti.detail.launches', { count: LTI_LAUNCH_LOG_LIMIT })}
          </Title>
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as typeof filter)}
            aria-label={t('lti.detail.filter')}
            data={[
              { value: 'all', label: t('lti.detail.all') },
              { value: 'accepted', label: t('lti.detail.accepted') },
              { value: 'refused', label: t('lti.detail.refused') },
            ]}
            data-testid="lti-launch-filter"
          />
        </Group>
        {detail.data && detail.data.launches.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="lti-no-launches">
            {t('lti.detail.noLaunches')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="lti-launches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lti.detail.at')}</Table.Th>
                  <Table.Th>{t('lti.detail.result')}</Table.Th>
                  <Table.Th>{t('lti.detail.reason')}</Table.Th>
                  <Table.Th>{t('lti.detail.context')}</Table.Th>
                  <Table.Th>{t('lti.detail.messageType')}</Table.Th>
                  <Table.Th>{t('lti.detail.roles')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(detail.data?.launches ?? []).map((l) => (
                  <Table.Tr key={l.id} data-testid="lti-launch-row" data-result={l.result}>
                    <Table.Td>{date(l.at)}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="dot"
                        tt="none"
                        style={{ minWidth: 'max-content' }}
                        color={l.result === 'accepted' ? 'green' : 'red'}
                      >
                        {t(`lti.detail.${l.result}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td miw={180}>{l.reasonCode ? <ReasonText code={l.reasonCode} /> : ''}</Table.Td>
                    <Table.Td title={l.contextId ?? undefined}>
                      {l.contextTitle ?? l.contextId ?? ''}
                    </Table.Td>
                    <Table.Td>{l.messageType ?? ''}</Table.Td>
                    <Table.Td>{l.roles.map(shortRole).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {detail.data?.unknownClientLaunches && (
          <UnknownClientLaunches rows={detail.data.unknownClientLaunches} />
        )}
      </Stack>
    </Drawer>
  );
}
