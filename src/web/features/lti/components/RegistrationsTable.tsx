import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Code,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconDotsVertical,
  IconEye,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../api';
import { BreakableValue, ReasonText } from './display';
import { formatDateTime, STATUS_COLOR } from './format';

export type RegistrationAction = 'details' | 'edit' | 'approve' | 'disable' | 'enable' | 'delete';

type OnAction = (r: Registration, action: RegistrationAction) => void;

export function StatusBadge({ status }: { status: Registration['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="dot"
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-testid="lti-status"
    >
      {t(`lti.status.${status}`)}
    </Badge>
  );
}

/** The actions of one registration: details for everyone, changes for those who may make them. */
function RowMenu({ registration: r, onAction }: { registration: Registration; onAction: OnAction }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('lti.actions.menu', { name: r.name })}>
          <IconDotsVertical size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onAction(r, 'details')}>
          {t('lti.actions.details')}
        </Menu.Item>
        {r.canEdit && (
          <>
            {r.status === 'pending' && (
              <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => onAction(r, 'approve')}>
                {t('lti.actions.approve')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction(r, 'edit')}>
              {t('lti.actions.edit')}
            </Menu.Item>
            {r.status === 'disabled' ? (
              <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => onAction(r, 'enable')}>
                {t('lti.actions.enable')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={() => onAction(r, 'disable')}>
                {t('lti.actions.disable')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onAction(r, 'delete')}
            >
              {t('lti.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The registrations as cards (narrow screens). */
function RegistrationCards({
  registrations,
  onAction,
}: {
  registrations: Registration[];
  onAction: OnAction;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm">
      {registrations.map((r) => (
        <Card withBorder key={r.registrationId} data-testid="lti-registration-card" data-name={r.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={500}>{r.name}</Text>
              <Text size="sm" c="dimmed">
                {t(`lti.kinds.${r.lmsKind}`, { defaultValue: r.lmsKind })}
                {r.viaDynamicRegistration ? ` · ${t('lti.dynamic')}` : ''}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={r.status} />
              <RowMenu registration={r} onAction={onAction} />
            </Group>
          </Group>
          <Text size="xs" mt="xs">
            {t('lti.columns.issuer')}: <BreakableValue value={r.issuer} />
          </Text>
          <Text size="xs">
            {t('lti.columns.clientId')}: <BreakableValue value={r.clientId} />
          </Text>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('lti.columns.deployments')}: {r.deployments.map((d) => d.deploymentId).join(', ')}
          </Text>
          <Text size="xs">
            {t('lti.columns.lastLaunch')}:{' '}
            {r.lastLaunchAt ? formatDateTime(r.lastLaunchAt, i18n.language) : t('lti.never')}
          </Text>
          {r.lastError && (
            <Text size="xs" component="div">
              {t('lti.columns.lastError')}: {formatDateTime(r.lastError.at, i18n.language)}
              <ReasonText code={r.lastError.reasonCode} size="xs" />
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** The registrations of the institution: a table (cards on narrow screens), a menu per registration. */
export function RegistrationsTable({
  registrations,
  onAction,
}: {
  registrations: Registration[];
  onAction: OnAction;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Box hiddenFrom="md">
        <RegistrationCards registrations={registrations} onAction={onAction} />
      </Box>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={1100}>
          <Table striped verticalSpacing="sm" data-testid="lti-registrations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lti.columns.lms')}</Table.Th>
                <Table.Th>{t('lti.columns.name')}</Table.Th>
                <Table.Th>{t('lti.columns.issuer')}</Table.Th>
                <Table.Th>{t('lti.columns.clientId')}</Table.Th>
                <Table.Th>{t('lti.columns.deployments')}</Table.Th>
                <Table.Th>{t('lti.columns.status')}</Table.Th>
                <Table.Th>{t('lti.columns.lastLaunch')}</Table.Th>
                <Table.Th>{t('lti.columns.lastError')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('lti.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {registrations.map((r) => (
                <Table.Tr key={r.registrationId} data-testid="lti-registration-row" data-name={r.name}>
                  <Table.Td>{t(`lti.kinds.${r.lmsKind}`, { defaultValue: r.lmsKind })}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.name}
                    </Text>
                    {r.viaDynamicRegistration && (
                      <Text size="xs" c="dimmed">
                        {t('lti.dynamic')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <BreakableValue value={r.issuer} inTable testId="lti-issuer" />
                  </Table.Td>
                  <Table.Td>
                    <BreakableValue value={r.clientId} inTable testId="lti-client-id" />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {r.deployments.map((d) => (
                        <Text size="xs" key={d.deploymentId}>
                          <Code>{d.deploymentId}</Code> → {d.institutionName}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    {r.lastLaunchAt ? formatDateTime(r.lastLaunchAt, i18n.language) : t('lti.never')}
                  </Table.Td>
                  <Table.Td>
                    {r.lastError ? (
                      <Stack gap={2} miw={160} data-testid="lti-last-error">
                        <ReasonText code={r.lastError.reasonCode} />
                        <Text size="xs" c="dimmed">
                          {formatDateTime(r.lastError.at, i18n.language)}
                        </Text>
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('lti.noError')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RowMenu registration={r} onAction={onAction} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}
