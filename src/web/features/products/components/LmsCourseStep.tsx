import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOM_COURSE_ID_MAX } from '../../../../shared/constants';
import { formatUsDate, isCustomCourseLmsKind } from '../../../../shared/validation';
import type { LmsList } from '../api';

/** What the LMS step of a pairing has chosen so far. */
export interface LmsCourseChoice {
  integrationId: string | null;
  sectionId: string | null;
  lmsCourseId: string;
  customCourseId: string;
}

export const NO_LMS_COURSE: LmsCourseChoice = {
  integrationId: null,
  sectionId: null,
  lmsCourseId: '',
  customCourseId: '',
};

/** The chosen integration and course, whether a custom course id applies, and whether it is too long. */
export function resolveLmsChoice(choice: LmsCourseChoice, lms: LmsList | undefined) {
  const integration = lms?.integrationKeyStoreDTOList.find(
    (i) => String(i.integrationId) === choice.integrationId,
  );
  const course = lms?.courses.find((c) => String(c.sectionId) === choice.sectionId);
  return {
    integration,
    course,
    customAllowed: !!integration && isCustomCourseLmsKind(integration.lmsKind),
    customTooLong: choice.customCourseId.trim().length > CUSTOM_COURSE_ID_MAX,
  };
}

interface LmsCourseStepProps {
  institutionName: string;
  lms: LmsList;
  choice: LmsCourseChoice;
  onChange: (choice: LmsCourseChoice) => void;
  /** The form was submitted once: missing choices are said. */
  submitted: boolean;
}

/** The pairing's LMS step: integration, course of the institution, LMS course id and custom course id. */
export function LmsCourseStep({ institutionName, lms, choice, onChange, submitted }: LmsCourseStepProps) {
  const { t } = useTranslation();
  const integrations = lms.integrationKeyStoreDTOList;
  const courses = lms.courses;
  const { integration, course, customAllowed, customTooLong } = resolveLmsChoice(choice, lms);
  const required = (ok: unknown) => (submitted && !ok ? t('validation.required') : undefined);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('products.pair.lmsStep', { name: institutionName })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('products.pair.integration')}
            data={integrations.map((i) => ({
              value: String(i.integrationId),
              label: `${i.name}${i.enabled ? '' : ` (${t('products.integrationDisabled')})`}`,
            }))}
            value={choice.integrationId}
            onChange={(v) => onChange({ ...choice, integrationId: v })}
            error={required(integration)}
            data-testid="integration-select"
          />
          <Select
            label={t('products.pair.course')}
            data={courses.map((c) => ({
              value: String(c.sectionId),
              label: `${c.courseName}${c.sectionCode ? ` · ${c.sectionCode}` : ''} (${formatUsDate(c.startDate)})`,
            }))}
            value={choice.sectionId}
            onChange={(v) => {
              const c = courses.find((x) => String(x.sectionId) === v);
              onChange({ ...choice, sectionId: v, lmsCourseId: c ? c.lmsCourseId : choice.lmsCourseId });
            }}
            searchable
            nothingFoundMessage={t('products.pair.noCourses')}
            error={required(course)}
            data-testid="course-select"
          />
          <TextInput
            label={t('products.pair.lmsCourseId')}
            value={choice.lmsCourseId}
            onChange={(e) => onChange({ ...choice, lmsCourseId: e.currentTarget.value })}
            error={required(choice.lmsCourseId.trim())}
            data-testid="lms-course-id"
          />
          <TextInput
            label={t('products.pair.customCourseId')}
            description={t('products.pair.customCourseIdHelp')}
            value={choice.customCourseId}
            onChange={(e) => onChange({ ...choice, customCourseId: e.currentTarget.value })}
            disabled={!customAllowed}
            error={customTooLong ? t('validation.customCourseIdMax') : null}
            data-testid="custom-course-id"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
