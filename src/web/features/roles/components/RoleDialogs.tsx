import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../api';
import { DeleteRoleModal } from './DeleteRoleModal';
import { RoleDetailDrawer } from './RoleDetailDrawer';
import { RoleNameModal } from './RoleNameModal';
import type { useRoleDialogs } from './useRoleDialogs';

interface Props {
  dialogs: ReturnType<typeof useRoleDialogs>;
  roles: RoleItem[];
  canEdit: boolean;
  creating: boolean;
  updating: boolean;
}

/** The open role dialog: create, copy, rename, delete, or the members drawer. */
export function RoleDialogs({ dialogs, roles, canEdit, creating, updating }: Props) {
  const { t } = useTranslation();
  const { dialog, closeDialog, createRole, rename } = dialogs;
  const names = roles.map((r) => r.name);
  if (dialog === null) return null;
  // keyed by kind: each dialog starts afresh, as when each had its own place in the page
  switch (dialog.kind) {
    case 'create':
      return (
        <RoleNameModal
          key={dialog.kind}
          title={t('roles.create')}
          existingNames={names}
          submitLabel={t('roles.createSubmit')}
          pending={creating}
          onSubmit={(name) => createRole(name)}
          onClose={closeDialog}
        />
      );
    case 'copy':
      return (
        <RoleNameModal
          key={dialog.kind}
          title={t('roles.copyTitle', { name: dialog.role.name })}
          initialName={t('roles.copyName', { name: dialog.role.name })}
          existingNames={names}
          submitLabel={t('roles.copySubmit')}
          pending={creating}
          onSubmit={(name) => createRole(name, dialog.role)}
          onClose={closeDialog}
        />
      );
    case 'rename':
      return (
        <RoleNameModal
          key={dialog.kind}
          title={t('roles.renameTitle', { name: dialog.role.name })}
          initialName={dialog.role.name}
          existingNames={names.filter((n) => n !== dialog.role.name)}
          submitLabel={t('roles.renameSubmit')}
          pending={updating}
          onSubmit={(name) => rename(dialog.role, name)}
          onClose={closeDialog}
        />
      );
    case 'delete':
      return <DeleteRoleModal role={dialog.role} roles={roles} onClose={closeDialog} />;
    case 'members':
      return <RoleDetailDrawer role={dialog.role} roles={roles} canEdit={canEdit} onClose={closeDialog} />;
  }
}
