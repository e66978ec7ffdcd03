import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../../../shared/contract/users';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type UserRow, userKeys } from '../api';

/** DELETE registrarUser/piUser/:id/institution: removes the user from the institution; the lists reload. */
function useRemoveFromInstitution(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      call(usersApi.removeFromInstitution, { params: { id: userId }, query: { organizationId: orgId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Asks first, then removes the user from the institution (restorable from the recycle bin). */
export function useInstitutionRemovalAction(orgId: number) {
  const { t } = useTranslation();
  const remove = useRemoveFromInstitution(orgId);
  return (u: UserRow) => {
    const name = u.displayName;
    modals.openConfirmModal({
      title: t('users.removal.confirmTitle', { name }),
      children: <Text size="sm">{t('users.removal.confirmText', { name })}</Text>,
      closeButtonProps: { 'aria-label': t('common.close') },
      labels: { confirm: t('users.removal.remove'), cancel: t('users.accountStatus.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-institution-removal' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(u.id, {
          onSuccess: () => notifySuccess(t('users.removal.removed', { name })),
          onError: notifyError,
        }),
    });
  };
}
