import {
  Alert,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconDownload, IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { useTranslation } from 'react-i18next';
import { INTERNAL_USERS_PER_PAGE } from '../../../../shared/constants';
import { filterInternalUsers, type InternalUser } from '../../../../shared/contract/internal-users';
import { Page } from '../../../components/Page';
import { errorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { exportInternalUsers, useInternalUsers, useRemoveInternalUser } from '../api';
import { CreateInternalUserModal } from '../components/CreateInternalUserModal';

const SUMMARY = [
  ['allInstitutions', true],
  ['coursesTab', true],
  ['courseDetailsTab', true],
  ['offersPage', true],
  ['productsTab', true],
  ['inclusiveAccessTab', true],
  ['noCopy', false],
  ['noEdit', false],
] as const;

/** /internalUser (EAD Admin tab): internal users. Super admins change; associate super admins view. */
export default function InternalUsersPage() {
  const { t } = useTranslation();
  const list = useInternalUsers();
  const remove = useRemoveInternalUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const canEdit = list.data?.canEdit ?? false;
  const matching = filterInternalUsers(list.data?.users ?? [], search);
  const pages = Math.ceil(matching.length / INTERNAL_USERS_PER_PAGE);
  const shown = matching.slice((page - 1) * INTERNAL_USERS_PER_PAGE, page * INTERNAL_USERS_PER_PAGE);

  const confirmRemove = (u: InternalUser) =>
    modals.openConfirmModal({
      title: t('internalUsers.remove.title'),
      children: <Text size="sm">{t('internalUsers.remove.text')}</Text>,
      labels: { confirm: t('internalUsers.remove.confirm'), cancel: t('internalUsers.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove-internal' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(
          { groupId: list.data!.groupId, piId: u.piId },
          {
            onSuccess: () => {
              notifySuccess(t('internalUsers.removed'));
              // spec §4: removing resets to page 1 and clears the search
              setSearch('');
              setPage(1);
            },
            onError: notifyError,
          },
        ),
    });

  const exportCsv = () => exportInternalUsers().catch(notifyError);

  return (
    <Page title={t('pages.internalUsers.title')}>
      <Alert color="blue" data-testid="internal-note">
        {t('internalUsers.note')}
      </Alert>
      <Group justify="space-between" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          label={t('internalUsers.search')}
          placeholder={t('internalUsers.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={360}
        />
        <Group gap="xs">
          {canEdit && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
              {t('internalUsers.create')}
            </Button>
          )}
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
            {t('internalUsers.export')}
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{errorText(list.error)}</Alert>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="internal-count">
            {t('internalUsers.count', { count: matching.length })}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="internal-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('internalUsers.columns.name')}</Table.Th>
                  <Table.Th>{t('internalUsers.columns.email')}</Table.Th>
                  <Table.Th>{t('internalUsers.columns.username')}</Table.Th>
                  {canEdit && <Table.Th w={220}>{t('internalUsers.columns.action')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((u) => (
                  <Table.Tr key={u.piId}>
                    <Table.Td>{u.memberName}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.userName}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmRemove(u)}
                          aria-label={`${t('internalUsers.remove.title')}: ${u.userName}`}
                        >
                          {t('internalUsers.remove.title')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {shown.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={canEdit ? 4 : 3}>
                      <Center py="xl">
                        <Text c="dimmed" data-testid="internal-empty">
                          {search.trim()
                            ? t('internalUsers.noMatch', { search: search.trim() })
                            : t('internalUsers.none')}
                        </Text>
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pager total={pages} value={page} onChange={setPage} data-testid="internal-pager" />}
        </Stack>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="xs">
          {t('internalUsers.summary.title')}
        </Title>
        <List spacing={4} size="sm" center>
          {SUMMARY.map(([key, allowed]) => (
            <List.Item
              key={key}
              icon={
                allowed ? (
                  <IconCheck size={16} color="green" aria-hidden="true" />
                ) : (
                  <IconX size={16} color="red" aria-hidden="true" />
                )
              }
            >
              {t(`internalUsers.summary.${key}`)}
            </List.Item>
          ))}
        </List>
      </Paper>
      {creating && list.data && (
        <CreateInternalUserModal groupId={list.data.groupId} onClose={() => setCreating(false)} />
      )}
    </Page>
  );
}
