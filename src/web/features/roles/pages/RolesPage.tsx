import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import { useCreateRole, useRoles, useUpdateRole } from '../api';
import { PermissionMatrix } from '../components/PermissionMatrix';
import { RoleConflicts } from '../components/RoleConflicts';
import { RoleDialogs } from '../components/RoleDialogs';
import { usePermissionEdits } from '../components/usePermissionEdits';
import { useRoleDialogs } from '../components/useRoleDialogs';
import { ExplainAccessButton } from '../../access-explain';

/** /roles: the chosen institution's roles and their permissions. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { institution } = useAppSession();
  const orgId = institution?.orgId ?? null;
  const roles = useRoles(orgId);
  const create = useCreateRole();
  const update = useUpdateRole();
  const [search, setSearch] = useState('');
  const edits = usePermissionEdits(update);
  const dialogs = useRoleDialogs(orgId, create, update);

  const list = roles.data?.groups ?? [];
  const canEdit = roles.data?.canEdit ?? false;
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? list.filter((r) => r.name.toLowerCase().includes(q)) : list;
  }, [list, search]);

  return (
    <Page
      title={t('pages.roles.title')}
      description={t('pages.roles.description')}
      actions={
        <Group gap="sm">
          <ExplainAccessButton />
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={dialogs.openCreate}>
              {t('roles.create')}
            </Button>
          )}
        </Group>
      }
    >
      <Stack>
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          label={t('roles.search')}
          placeholder={t('roles.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
        />
        <RoleConflicts conflicts={edits.conflicts} roles={list} />
        {roles.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : roles.isError ? (
          <Alert color="red">{errorText(roles.error)}</Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{t('roles.none')}</Text>
        ) : (
          <PermissionMatrix
            roles={shown}
            grantable={roles.data.grantable}
            canEdit={canEdit}
            onlyRole={list.length === 1}
            pending={edits.pending}
            saving={update.isPending ? (update.variables?.groupId ?? null) : null}
            onToggle={edits.toggle}
            onSave={edits.save}
            onAction={dialogs.act}
          />
        )}
        {canEdit && (
          <Group>
            <Text size="xs" c="dimmed">
              {t('roles.matrix.hint')}
            </Text>
          </Group>
        )}
      </Stack>

      <RoleDialogs
        dialogs={dialogs}
        roles={list}
        canEdit={canEdit}
        creating={create.isPending}
        updating={update.isPending}
      />
    </Page>
  );
}
