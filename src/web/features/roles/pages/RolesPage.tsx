import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RoleItem, useCreateRole, useRoles, useUpdateRole } from '../api';
import { DeleteRoleModal } from '../components/DeleteRoleModal';
import { PermissionMatrix, type RoleAction } from '../components/PermissionMatrix';
import { RoleDetailDrawer } from '../components/RoleDetailDrawer';
import { RoleNameModal } from '../components/RoleNameModal';
import { effectivePermissions, type PendingEdits } from '../pending';
import { useMenuFocusReturn } from '../../../lib/menu-focus-return';
import { ExplainAccessButton } from '../../access-explain';

type Dialog = { kind: 'create' } | { kind: 'copy' | 'rename' | 'delete' | 'members'; role: RoleItem } | null;

/** /roles: the chosen institution's roles and their permissions. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { institution } = useAppSession();
  const orgId = institution?.orgId ?? null;
  const roles = useRoles(orgId);
  const create = useCreateRole();
  const update = useUpdateRole();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<PendingEdits>({});
  const [conflicts, setConflicts] = useState<Record<number, string>>({});
  const [dialog, setDialog] = useState<Dialog>(null);

  const list = roles.data?.groups ?? [];
  const canEdit = roles.data?.canEdit ?? false;
  const onlyRole = list.length === 1;
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? list.filter((r) => r.name.toLowerCase().includes(q)) : list;
  }, [list, search]);
  const names = list.map((r) => r.name);

  const toggle = (role: RoleItem, p: Permission, on: boolean) =>
    setPending((all) => ({ ...all, [role.groupId]: { ...all[role.groupId], [p]: on } }));

  const save = (role: RoleItem) =>
    update.mutate(
      { groupId: role.groupId, permissions: effectivePermissions(role, pending), version: role.version },
      {
        onSuccess: () => {
          notifySuccess(t('roles.updated'));
          setPending(({ [role.groupId]: _saved, ...rest }) => rest);
          setConflicts(({ [role.groupId]: _gone, ...rest }) => rest);
        },
        onError: (e) => {
          // someone else saved first: the list reloads with their change, our toggles stay on top
          if (isApiError(e) && e.status === 409) {
            setConflicts((c) => ({ ...c, [role.groupId]: t('roles.conflict') }));
          } else notifyError(e);
        },
      },
    );

  const focus = useMenuFocusReturn();
  const act = (role: RoleItem, action: RoleAction) => {
    focus.remember();
    setDialog({ kind: action, role });
  };
  const closeDialog = () => {
    setDialog(null);
    focus.restore();
  };

  const createRole = (name: string, copyFrom?: RoleItem) =>
    create.mutateAsync(
      { contextId: orgId!, name, copyFromGroupId: copyFrom?.groupId, permissions: [] },
      {
        onSuccess: () => {
          notifySuccess(t('roles.created'));
          closeDialog();
        },
        onError: (e) => {
          if (!isApiError(e) || (e.status !== 409 && e.status !== 422)) notifyError(e);
        },
      },
    );

  const rename = (role: RoleItem, name: string) =>
    update.mutateAsync(
      { groupId: role.groupId, name, version: role.version },
      {
        onSuccess: () => {
          notifySuccess(t('roles.updated'));
          closeDialog();
        },
        onError: (e) => {
          // a taken name shows under the name field (RoleNameModal); every other failure as a notification
          if (!isApiError(e) || e.message !== 'error.roleNameTaken') notifyError(e);
        },
      },
    );

  return (
    <Page
      title={t('pages.roles.title')}
      description={t('pages.roles.description')}
      actions={
        <Group gap="sm">
          <ExplainAccessButton />
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
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
        {Object.entries(conflicts).map(([id, message]) => (
          <Alert
            key={id}
            color="orange"
            title={list.find((r) => r.groupId === Number(id))?.name}
            data-testid="role-conflict"
          >
            {message} {t('roles.conflictKept')}
          </Alert>
        ))}
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
            onlyRole={onlyRole}
            pending={pending}
            saving={update.isPending ? (update.variables?.groupId ?? null) : null}
            onToggle={toggle}
            onSave={save}
            onAction={act}
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

      {dialog?.kind === 'create' && (
        <RoleNameModal
          title={t('roles.create')}
          existingNames={names}
          submitLabel={t('roles.createSubmit')}
          pending={create.isPending}
          onSubmit={(name) => createRole(name)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'copy' && (
        <RoleNameModal
          title={t('roles.copyTitle', { name: dialog.role.name })}
          initialName={t('roles.copyName', { name: dialog.role.name })}
          existingNames={names}
          submitLabel={t('roles.copySubmit')}
          pending={create.isPending}
          onSubmit={(name) => createRole(name, dialog.role)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RoleNameModal
          title={t('roles.renameTitle', { name: dialog.role.name })}
          initialName={dialog.role.name}
          existingNames={names.filter((n) => n !== dialog.role.name)}
          submitLabel={t('roles.renameSubmit')}
          pending={update.isPending}
          onSubmit={(name) => rename(dialog.role, name)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteRoleModal role={dialog.role} roles={list} onClose={closeDialog} />}
      {dialog?.kind === 'members' && (
        <RoleDetailDrawer role={dialog.role} roles={list} canEdit={canEdit} onClose={closeDialog} />
      )}
    </Page>
  );
}
