import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateChildCourseBody } from '../../../../shared/contract/course-copy';
import {
  COURSE_NAME_MAX,
  courseNameAtLimit,
  formatUsDate,
  toIsoDate,
  validateCourseDates,
  validateCourseName,
} from '../../../../shared/validation';
import { UsDateField } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifyErrorText, notifySuccess } from '../../../lib/notify';
import { refusedCodes, useCopyValidations, useCreateChildCourse } from '../api';
import { useCopyTexts } from '../texts';

export interface ChildParent {
  sectionId: number;
  courseName: string;
  startDate: string;
  endDate: string;
}

interface Props {
  organizationId: number;
  parent: ChildParent;
  onClose: () => void;
  onDone?: () => void;
}

interface ChildValues {
  courseName: string;
  /** MM/DD/YYYY as typed or picked. */
  startDate: string;
  endDate: string;
  sendEmail: boolean;
}

type ChildBody = z.input<typeof CreateChildCourseBody>;

/** Spec §5 codes of the fields as typed: the texts the dialog shows for the contract's issues. */
const localCodes = (v: ChildValues): Record<string, string | undefined> => ({
  courseName: validateCourseName(v.courseName) ?? undefined,
  ...validateCourseDates(v.startDate, v.endDate),
});

/** The child's fields in a contract form, checked on every change (the confirm button follows them). */
function useChildForm(organizationId: number, parent: ChildParent) {
  const { t } = useTranslation();
  const form: UseFormReturnType<ChildValues, ChildBody> = useContractForm({
    schema: CreateChildCourseBody,
    texts: (_key, path) => {
      const code = localCodes(form.getValues())[path];
      return code ? t(`validation.${code}` as 'validation.dateFormat') : undefined;
    },
    initialValues: {
      courseName: '',
      startDate: formatUsDate(parent.startDate),
      endDate: formatUsDate(parent.endDate),
      sendEmail: false,
    },
    transformValues: (v: ChildValues): ChildBody => ({
      organizationId,
      parentSectionId: parent.sectionId,
      courseName: v.courseName.trim(),
      startDate: toIsoDate(v.startDate) ?? v.startDate,
      endDate: toIsoDate(v.endDate) ?? v.endDate,
      sendEmail: v.sendEmail,
    }),
    onValuesChange: () => form.validate(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default name follows the parent and the language only
  useEffect(() => {
    form.setFieldValue(
      'courseName',
      t('courseCopy.child.defaultName', { name: parent.courseName }).slice(0, COURSE_NAME_MAX),
    );
    form.validate();
  }, [parent.courseName, t]);
  return form;
}

/** Creates a child course of a parent: it inherits the parent's product, settings and instructors. */
export function CreateChildCourseDialog({ organizationId, parent, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  const check = useCopyValidations(organizationId, [parent.sectionId], 'child');
  const create = useCreateChildCourse();
  const form = useChildForm(organizationId, parent);
  // the copy validation code the server refused the parent with on submit
  const [refused, setRefused] = useState<number | null>(null);
  const validation = check.data?.validations[0];
  const valid = !!validation?.valid && refused === null && Object.keys(form.errors).length === 0;

  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(texts.childStarted());
        onDone?.();
        onClose();
      },
      onError: (error) => {
        const code = refusedCodes(error)[parent.sectionId];
        if (code !== undefined) setRefused(code);
        notifyErrorText(texts.childFailed());
      },
    }),
  );

  if (check.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (check.isError || !validation) {
    return (
      <Alert color="red" role="alert">
        {errorText(check.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">{t('courseCopy.child.intro', { name: parent.courseName })}</Text>
      {!validation.valid || refused !== null ? (
        <Alert color="red" role="alert" data-testid="child-refused">
          {texts.validation(refused ?? validation.code ?? 0)}
        </Alert>
      ) : (
        <ChildFields form={form} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('courseCopy.dialog.cancel')}
        </Button>
        <Button
          onClick={() => submit()}
          disabled={!valid}
          loading={create.isPending}
          data-testid="child-confirm"
        >
          {t('courseCopy.child.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Name, dates and the e-mail choice of the child course. */
function ChildFields({
  form,
}: {
  form: Pick<UseFormReturnType<ChildValues>, 'getInputProps' | 'getValues'>;
}) {
  const { t } = useTranslation();
  const name = form.getInputProps('courseName');
  const start = form.getInputProps('startDate');
  const end = form.getInputProps('endDate');
  const atLimit = courseNameAtLimit(form.getValues().courseName);
  return (
    <>
      <TextInput
        label={t('courseCopy.child.name')}
        maxLength={COURSE_NAME_MAX}
        {...name}
        error={name.error ?? (atLimit ? t('validation.courseNameMax') : undefined)}
        data-testid="child-name"
        data-autofocus
      />
      <Group grow align="flex-start">
        <UsDateField
          label={t('courseCopy.dialog.startDate')}
          value={start.value}
          onChange={(text) => start.onChange(text)}
          error={start.error}
          data-testid="child-start"
        />
        <UsDateField
          label={t('courseCopy.dialog.endDate')}
          value={end.value}
          onChange={(text) => end.onChange(text)}
          error={end.error}
          data-testid="child-end"
        />
      </Group>
      <Checkbox
        label={t('courseCopy.dialog.sendEmail')}
        {...form.getInputProps('sendEmail', { type: 'checkbox' })}
      />
    </>
  );
}
