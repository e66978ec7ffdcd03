import { Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_COURSE_ID_MAX, CUSTOM_COURSE_LMS_KINDS } from '../../../../shared/constants';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_NAME_MAX,
  courseNameAtLimit,
  SECTION_CODE_MAX,
  toIsoDate,
  validateCustomCourseId,
} from '../../../../shared/validation';
import { UsDateField } from '../../../lib/dates';
import type { FieldTextOverrides } from '../../../lib/form';

/** The course-information fields shared by create and edit. Dates are typed MM/DD/YYYY or picked. */
export interface CourseInfoValues {
  courseName: string;
  description: string;
  sectionCode: string;
  startDate: string;
  endDate: string;
  /** Course id in the LMS (spec §3), with its LMS kind; '' and null for none. */
  customCourseId: string;
  lmsKind: string | null;
}

/**
 * The form's texts where they differ from the contract's (spec §5 rules, `validation.<code>`): a
 * missing date names its field.
 */
export function useCourseInfoTexts(): FieldTextOverrides {
  const { t } = useTranslation();
  return (key, path) => {
    if (key !== 'messages.required') return undefined;
    if (path === 'startDate') return t('validation.startDateRequired');
    if (path === 'endDate') return t('validation.endDateRequired');
    return undefined;
  };
}

/**
 * The LMS kind a custom course id needs, shown with the other fields' messages (the contract checks it
 * only once every field is valid).
 */
export function useCourseInfoRules() {
  const { t } = useTranslation();
  return (values: CourseInfoValues) => {
    const { lmsKind } = validateCustomCourseId(values.customCourseId, values.lmsKind);
    return { lmsKind: lmsKind ? t(`validation.${lmsKind}`) : null };
  };
}

/** The course information fields as the contract takes them. */
export function courseInfoOf(v: CourseInfoValues) {
  return {
    courseName: v.courseName.trim(),
    description: v.description.trim() || null,
    sectionCode: v.sectionCode.trim() || null,
    startDate: toIsoDate(v.startDate) ?? v.startDate,
    endDate: toIsoDate(v.endDate) ?? v.endDate,
    ...customCourseIdOf(v),
  };
}

/** What the fields read of a course form (whatever its submitted body). */
type FieldsOf<T extends CourseInfoValues> = Pick<UseFormReturnType<T>, 'getInputProps' | 'getValues'>;

/** The custom course id and its LMS kind as the contract takes them (both null for none). */
function customCourseIdOf(v: Pick<CourseInfoValues, 'customCourseId' | 'lmsKind'>) {
  const id = v.customCourseId.trim() || null;
  return { customCourseId: id, lmsKind: id ? (v.lmsKind as (typeof CUSTOM_COURSE_LMS_KINDS)[number]) : null };
}

/** Custom course id (at most 73 characters) and its LMS kind, canvas or blackboard. */
export function CustomCourseIdFields<T extends CourseInfoValues>({ form }: { form: FieldsOf<T> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('courses.create.customCourseId')}
        description={t('courses.create.customCourseIdHint', {
          count: String(form.getValues().customCourseId ?? '').length,
          max: CUSTOM_COURSE_ID_MAX,
        })}
        maxLength={CUSTOM_COURSE_ID_MAX}
        {...form.getInputProps('customCourseId')}
        data-testid="custom-course-id"
      />
      <Select
        label={t('courses.create.lmsKind')}
        data={CUSTOM_COURSE_LMS_KINDS.map((k) => ({ value: k, label: t(`courses.create.lms.${k}`) }))}
        clearable
        {...form.getInputProps('lmsKind')}
        data-testid="lms-kind"
      />
    </>
  );
}

/** The form's props of a date (MM/DD/YYYY text) as the date field takes them. */
function dateProps(p: { value?: unknown; onChange: (v: unknown) => void; error?: unknown }) {
  return {
    value: String(p.value ?? ''),
    onChange: (text: string) => p.onChange(text),
    error: p.error as ReactNode,
  };
}

export function CourseInfoFields<T extends CourseInfoValues>({ form }: { form: FieldsOf<T> }) {
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
      <UsDateField
        label={t('courses.form.startDate')}
        withAsterisk
        data-testid="start-date"
        {...dateProps(form.getInputProps('startDate'))}
      />
      <UsDateField
        label={t('courses.form.endDate')}
        withAsterisk
        data-testid="end-date"
        {...dateProps(form.getInputProps('endDate'))}
      />
    </>
  );
}
