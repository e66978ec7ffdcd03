import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatUsDate, toIsoDate } from '../../../../shared/validation';
import { applyFieldErrors } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CourseDetail, useCourseDetails, useEditSection } from '../api';
import {
  CourseInfoFields,
  type CourseInfoValues,
  CustomCourseIdFields,
  customCourseIdOf,
  useCourseInfoValidation,
} from './CourseForm';

/**
 * Edit course information (PUT editSection). The course is read first (its description and the
 * version to send back); a 409 shows the server's text.
 */
export function EditCourseModal({ sectionId, onClose }: { sectionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useCourseDetails(sectionId);
  return (
    <Modal opened onClose={onClose} title={t('courses.edit.title')} size="lg">
      {details.data ? (
        <EditCourseForm course={details.data.course} onClose={onClose} />
      ) : (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      )}
    </Modal>
  );
}

function EditCourseForm({ course, onClose }: { course: CourseDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditSection();
  const validate = useCourseInfoValidation();
  const form = useForm<CourseInfoValues>({
    initialValues: {
      courseName: course.courseName,
      description: course.description ?? '',
      sectionCode: course.sectionCode ?? '',
      startDate: formatUsDate(course.startDate),
      endDate: formatUsDate(course.endDate),
      customCourseId: course.customCourseId ?? '',
      lmsKind: course.lmsKind,
    },
    validate,
  });

  const submit = form.onSubmit((v) => {
    edit.mutate(
      {
        sectionId: course.sectionId,
        version: course.version,
        courseName: v.courseName.trim(),
        description: v.description.trim() || null,
        sectionCode: v.sectionCode.trim() || null,
        startDate: toIsoDate(v.startDate) ?? v.startDate,
        endDate: toIsoDate(v.endDate) ?? v.endDate,
        ...customCourseIdOf(v),
      },
      {
        onSuccess: () => {
          notifySuccess(t('courses.edit.updated'));
          onClose();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="edit-course-form">
      <Stack>
        <CourseInfoFields form={form} />
        <CustomCourseIdFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('courses.form.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending} data-testid="save-course">
            {t('courses.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
