import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_NAME_MAX,
  courseNameAtLimit,
  SECTION_CODE_MAX,
  validateCourseDates,
  validateCourseName,
} from '../../../../shared/validation';

/** The course-information fields shared by create and edit. Dates are typed MM/DD/YYYY. */
export interface CourseInfoValues {
  courseName: string;
  description: string;
  sectionCode: string;
  startDate: string;
  endDate: string;
}

/** Spec §5 rules as form validators; messages through i18n (`validation.<code>`). */
export function useCourseInfoValidation() {
  const { t } = useTranslation();
  return (values: CourseInfoValues) => {
    const errors: Record<string, string> = {};
    const name = validateCourseName(values.courseName);
    if (name) errors.courseName = t(`validation.${name}`);
    const dates = validateCourseDates(values.startDate, values.endDate);
    if (dates.startDate) errors.startDate = t(`validation.${dates.startDate}`);
    if (dates.endDate) errors.endDate = t(`validation.${dates.endDate}`);
    return errors;
  };
}

export function CourseInfoFields<T extends CourseInfoValues>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useTranslation();
  const name = form.getInputProps('courseName');
  const atLimit = courseNameAtLimit(String(form.getValues().courseName ?? ''));
  return (
    <>
      <TextInput
        label={t('courses.form.courseName')}
        placeholder={t('validation.courseNameRequired')}
        withAsterisk
        maxLength={COURSE_NAME_MAX}
        data-testid="course-name"
        {...name}
        error={name.error ?? (atLimit ? t('validation.courseNameMax') : undefined)}
      />
      <Textarea
        label={t('courses.form.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={COURSE_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('courses.form.sectionCode')}
        maxLength={SECTION_CODE_MAX}
        {...form.getInputProps('sectionCode')}
      />
      <TextInput
        label={t('courses.form.startDate')}
        placeholder={t('courses.form.datePlaceholder')}
        withAsterisk
        inputMode="numeric"
        data-testid="start-date"
        {...form.getInputProps('startDate')}
      />
      <TextInput
        label={t('courses.form.endDate')}
        placeholder={t('courses.form.datePlaceholder')}
        withAsterisk
        inputMode="numeric"
        data-testid="end-date"
        {...form.getInputProps('endDate')}
      />
    </>
  );
}

/** A 422 answer's per-field messages onto the form; true when there were some. */
export function applyServerFields(form: { setErrors: (e: Record<string, string>) => void }, error: unknown) {
  const fields = (error as { fields?: Record<string, string> } | null)?.fields;
  if (!fields || Object.keys(fields).length === 0) return false;
  form.setErrors(fields);
  return true;
}
