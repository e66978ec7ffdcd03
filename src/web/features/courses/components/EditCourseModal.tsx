import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditSectionBody } from '../../../../shared/contract/courses';
import { formatUsDate } from '../../../../shared/validation';
import { applyFieldErrors } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CourseDetail, useCourseDetails, useEditSection } from '../api';
import {
  CourseInfoFields,
  type CourseInfoValues,
  CustomCourseIdFields,
  courseInfoOf,
  useCourseInfoRules,
  useCourseInfoTexts,
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
  const form = useContractForm({
    schema: EditSectionBody,
    texts: useCourseInfoTexts(),
    rules: useCourseInfoRules(),
    initialValues: {
      courseName: course.courseName,
      description: course.description ?? '',
      sectionCode: course.sectionCode ?? '',
      startDate: formatUsDate(course.startDate),
      endDate: formatUsDate(course.endDate),
      customCourseId: course.customCourseId ?? '',
      lmsKind: course.lmsKind,
    } as CourseInfoValues,
    transformValues: (v) => ({ sectionId: course.sectionId, version: course.version, ...courseInfoOf(v) }),
  });

  const submit = form.onSubmit((body) => {
    edit.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('courses.edit.updated'));
        onClose();
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    });
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
