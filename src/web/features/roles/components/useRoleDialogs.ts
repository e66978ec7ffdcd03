import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useMenuFocusReturn } from '../../../lib/menu-focus-return';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { RoleItem, useCreateRole, useUpdateRole } from '../api';
import type { RoleAction } from './PermissionMatrix';

export type RoleDialog =
  | { kind: 'create' }
  | { kind: 'copy' | 'rename' | 'delete' | 'members'; role: RoleItem }
  | null;

/** Which role dialog is open, focus back to its menu when it closes, and the create and rename calls. */
export function useRoleDialogs(
  orgId: number | null,
  create: ReturnType<typeof useCreateRole>,
  update: ReturnType<typeof useUpdateRole>,
) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<RoleDialog>(null);
  const focus = useMenuFocusReturn();
  const act = (role: RoleItem, action: RoleAction) => {
    focus.remember();
    setDialog({ kind: action, role });
  };
  const openCreate = () => setDialog({ kind: 'create' });
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

  return { dialog, act, openCreate, closeDialog, createRole, rename };
}
