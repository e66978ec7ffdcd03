import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RecycleEntry, useRestore } from '../api';

/** Restore after a confirmation, with a notification of the outcome; which entry is being restored. */
export function useRestoreEntry(orgId: number) {
  const { t } = useTranslation();
  const restore = useRestore();
  const confirmRestore = (e: RecycleEntry) =>
    modals.openConfirmModal({
      title: t('recycleBin.confirm.title', { name: e.name }),
      children: <Text size="sm">{t(`recycleBin.confirm.${e.kind}`)}</Text>,
      labels: { confirm: t('recycleBin.restore'), cancel: t('recycleBin.cancel') },
      closeButtonProps: { 'aria-label': t('common.close') },
      confirmProps: { 'data-testid': 'confirm-restore' } as Record<string, string>,
      onConfirm: () =>
        restore.mutate(
          { organizationId: orgId, id: e.id },
          {
            onSuccess: (r) => {
              notifySuccess(
                r.membersNotBack > 0
                  ? t('recycleBin.restoredSome', { name: r.name, count: r.membersNotBack })
                  : t('recycleBin.restored', { name: r.name }),
              );
            },
            onError: notifyError,
          },
        ),
    });
  const restoringId = restore.isPending ? (restore.variables?.id ?? null) : null;
  return { confirmRestore, restoringId };
}
