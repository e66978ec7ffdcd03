import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsDateField } from '../../../lib/dates';
import {
  COURSE_NAME_MAX,
  formatUsDate,
  toIsoDate,
  validateCourseDates,
  validateCourseName,
} from '../../../../shared/validation';
import { errorText } from '../../../lib/error-text';
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

/** Creates a child course of a parent: it inherits the parent's product, settings and instructors. */
export function CreateChildCourseDialog({ organizationId, parent, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  const check = useCopyValidations(organizationId, [parent.sectionId], 'child');
  const create = useCreateChildCourse();
  const [courseName, setCourseName] = useState('');
  const [startDate, setStartDate] = useState(formatUsDate(parent.startDate));
  const [endDate, setEndDate] = useState(formatUsDate(parent.endDate));
  const [sendEmail, setSendEmail] = useState(false);
  // the copy validation code the server refused the parent with on submit
  const [refused, setRefused] = useState<number | null>(null);

  useEffect(() => {
    setCourseName(t('courseCopy.child.defaultName', { name: parent.courseName }).slice(0, COURSE_NAME_MAX));
  }, [parent.courseName, t]);

  const nameError = validateCourseName(courseName);
  const dateErrors = validateCourseDates(startDate, endDate);
  const validation = check.data?.validations[0];
  const valid =
    !!validation?.valid && refused === null && !nameError && !dateErrors.startDate && !dateErrors.endDate;

  const submit = () =>
    create.mutate(
      {
        organizationId,
        parentSectionId: parent.sectionId,
        courseName: courseName.trim(),
        startDate: toIsoDate(startDate) ?? '',
        endDate: toIsoDate(endDate) ?? '',
        sendEmail,
      },
      {
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
      },
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
        <>
          <TextInput
            label={t('courseCopy.child.name')}
            value={courseName}
            maxLength={COURSE_NAME_MAX}
            onChange={(e) => setCourseName(e.currentTarget.value)}
            error={
              nameError
                ? t(`validation.${nameError}`)
                : courseName.length >= COURSE_NAME_MAX
                  ? t('validation.courseNameMax')
                  : undefined
            }
            data-testid="child-name"
            data-autofocus
          />
          <Group grow align="flex-start">
            <UsDateField
              label={t('courseCopy.dialog.startDate')}
              value={startDate}
              onChange={(text) => setStartDate(text)}
              error={dateErrors.startDate ? t(`validation.${dateErrors.startDate}`) : undefined}
              data-testid="child-start"
            />
            <UsDateField
              label={t('courseCopy.dialog.endDate')}
              value={endDate}
              onChange={(text) => setEndDate(text)}
              error={dateErrors.endDate ? t(`validation.${dateErrors.endDate}`) : undefined}
              data-testid="child-end"
            />
          </Group>
          <Checkbox
            label={t('courseCopy.dialog.sendEmail')}
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.currentTarget.checked)}
          />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('courseCopy.dialog.cancel')}
        </Button>
        <Button onClick={submit} disabled={!valid} loading={create.isPending} data-testid="child-confirm">
          {t('courseCopy.child.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
