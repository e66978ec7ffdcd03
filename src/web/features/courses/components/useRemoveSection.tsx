import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CourseDetail, useDeleteCourse } from '../api';

/** What the confirmation names: a course list row or the course page's course both have it. */
type RemovedSection = Pick<
  CourseDetail,
  'sectionId' | 'courseName' | 'sectionCode' | 'startDate' | 'endDate'
>;

/** Remove section with a confirmation; `onRemoved` runs after "Course successfully deleted". */
export function useRemoveSection() {
  const { t } = useTranslation();
  const remove = useDeleteCourse();
  return (course: RemovedSection, onRemoved?: () => void, onClosed?: () => void) =>
    modals.openConfirmModal({
      onClose: onClosed,
      title: t('courses.remove.title'),
      // sections of one course share its name: the code and dates say which one goes
      children: (
        <Text size="sm" data-testid="remove-text">
          {t(course.sectionCode ? 'courses.remove.text' : 'courses.remove.textNoCode', {
            name: course.courseName,
            code: course.sectionCode,
            start: formatUsDate(course.startDate),
            end: formatUsDate(course.endDate),
          })}
        </Text>
      ),
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
