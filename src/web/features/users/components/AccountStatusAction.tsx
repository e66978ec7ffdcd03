import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteBody } from '../../../../shared/contract/route';
import { usersApi } from '../../../../shared/contract/users';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type UserRow, userKeys } from '../api';

/** PUT registrarUser/piUser/:id/status: deactivate or reactivate an account; the user lists reload. */
function useSetAccountStatus(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: number } & RouteBody<typeof usersApi.setStatus>) =>
      call(usersApi.setStatus, {
        params: { id: userId },
        query: { organizationId: orgId },
        body: { status },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Asks first, then deactivates an active account or reactivates a disabled one. */
export function useAccountStatusAction(orgId: number) {
  const { t } = useTranslation();
  const change = useSetAccountStatus(orgId);
  return (u: UserRow) => {
    const off = u.status === 'active';
    const name = u.displayName;
    modals.openConfirmModal({
      title: t(
        off ? 'users.accountStatus.confirmDeactivateTitle' : 'users.accountStatus.confirmReactivateTitle',
        {
          name,
        },
      ),
      children: (
        <Text size="sm">
          {t(
            off ? 'users.accountStatus.confirmDeactivateText' : 'users.accountStatus.confirmReactivateText',
            {
              name,
            },
          )}
        </Text>
      ),
      closeButtonProps: { 'aria-label': t('common.close') },
      labels: {
        confirm: t(off ? 'users.accountStatus.deactivate' : 'users.accountStatus.reactivate'),
        cancel: t('users.accountStatus.cancel'),
      },
      confirmProps: { color: off ? 'red' : 'blue', 'data-testid': 'confirm-account-status' } as Record<
        string,
        string
      >,
      onConfirm: () =>
        change.mutate(
          { userId: u.id, status: off ? 'disabled' : 'active' },
          {
            onSuccess: () =>
              notifySuccess(
                t(off ? 'users.accountStatus.deactivated' : 'users.accountStatus.reactivated', { name }),
              ),
            onError: notifyError,
          },
        ),
    });
  };
}
