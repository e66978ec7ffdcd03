import { Button, Group, Tabs, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { AddUserModal } from '../components/AddUserModal';
import { BulkAccounts } from '../../bulk-accounts';
import { UserDirectory } from '../components/UserDirectory';
import { UserFormModal } from '../components/UserFormModal';
import { userKeys } from '../api';

/** /users index: search, add, create and edit the chosen institution's users; bulk account creation. */
export default function UsersIndexPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const canEdit = can(capabilities, 'editUsers');
  const [dialog, setDialog] = useState<'add' | 'create' | null>(null);
  const [tab, setTab] = useState<string | null>('users');
  const qc = useQueryClient();
  if (!institution) {
    return (
      <Page title={t('pages.users.title')}>
        <Text c="dimmed">{t('header.noInstitution')}</Text>
      </Page>
    );
  }
  const orgId = institution.orgId;
  return (
    <Page
      title={t('pages.users.title')}
      description={t('pages.users.description')}
      actions={
        canEdit && (
          <Group gap="xs">
            <Button variant="light" leftSection={<IconUsers size={16} />} onClick={() => setDialog('add')}>
              {t('users.add.open')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('create')}>
              {t('users.create.open')}
            </Button>
          </Group>
        )
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            {t('users.tabs.users')}
          </Tabs.Tab>
          {canEdit && (
            <Tabs.Tab value="bulk" leftSection={<IconFileSpreadsheet size={16} />}>
              {t('users.tabs.bulk')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UserDirectory key={orgId} orgId={orgId} canEdit={canEdit} />
        </Tabs.Panel>
        {canEdit && (
          <Tabs.Panel value="bulk" pt="md">
            <BulkAccounts
              key={orgId}
              orgId={orgId}
              onDone={() => void qc.invalidateQueries({ queryKey: userKeys.all })}
            />
          </Tabs.Panel>
        )}
      </Tabs>
      {dialog === 'add' && <AddUserModal orgId={orgId} onClose={() => setDialog(null)} />}
      {dialog === 'create' && <UserFormModal orgId={orgId} user={null} onClose={() => setDialog(null)} />}
    </Page>
  );
}
