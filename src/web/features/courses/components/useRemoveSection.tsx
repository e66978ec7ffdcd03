import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCourse } from '../api';

/** Remove section with a confirmation; `onRemoved` runs after "Course successfully deleted". */
export function useRemoveSection() {
  const { t } = useTranslation();
  const remove = useDeleteCourse();
  return (course: { sectionId: number; courseName: string }, onRemoved?: () => void) =>
    modals.openConfirmModal({
      title: t('courses.remove.title'),
      children: <Text size="sm">{t('courses.remove.text', { name: course.courseName })}</Text>,
      labels: { confirm: t('courses.remove.confirm'), cancel: t('courses.form.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(course.sectionId, {
          onSuccess: () => {
            notifySuccess(t('courses.remove.deleted'));
            onRemoved?.();
          },
          onError: notifyError,
        }),
    });
}
