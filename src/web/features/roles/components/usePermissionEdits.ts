import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../../shared/permissions';
import { isApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { RoleItem, useUpdateRole } from '../api';
import { effectivePermissions, type PendingEdits } from '../pending';

/** The matrix's unsaved toggles per role, their save, and the roles someone else saved first. */
export function usePermissionEdits(update: ReturnType<typeof useUpdateRole>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingEdits>({});
  const [conflicts, setConflicts] = useState<Record<number, string>>({});

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

  return { pending, conflicts, toggle, save };
}
