import { Alert, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CreateCourseBody, type UseType } from '../../../../shared/contract/courses';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { applyFieldErrors } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCourse, useCreationInfo, useInstitutionInstructors } from '../api';
import {
  CourseInfoFields,
  type CourseInfoValues,
  CustomCourseIdFields,
  courseInfoOf,
  useCourseInfoRules,
  useCourseInfoTexts,
} from '../components/CourseForm';

interface Values extends CourseInfoValues {
  productId: string | null;
  useType: z.infer<typeof UseType>;
  instructors: string[];
  tas: string[];
}

/** /createCourse: a new standalone course in the chosen institution. */
export default function CreateCoursePage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const title = t('pages.createCourse.title');
  if (!institution) {
    return (
      <Page title={title}>
        <Alert color="blue">{t('validation.institutionRequired')}</Alert>
      </Page>
    );
  }

  if (!can(capabilities, 'editCourses')) {
    return (
      <Page title={title}>
        <Alert color="orange" data-testid="no-create-permission">
          {t('courses.create.noPermission')}
        </Alert>
      </Page>
    );
  }

  return (
    <Page title={title} description={t('pages.createCourse.description')}>
      <Text size="sm" c="dimmed">
        {t('courses.create.institution', { name: institution.displayName.toUpperCase() })}
      </Text>
      <CreateCourseForm orgId={institution.orgId} />
    </Page>
  );
}

function CreateCourseForm({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCourse();
  const form = useContractForm({
    schema: CreateCourseBody,
    texts: useCourseInfoTexts(),
    rules: useCourseInfoRules(),
    initialValues: {
      courseName: '',
      description: '',
      sectionCode: '',
      startDate: '',
      endDate: '',
      productId: null,
      useType: 'studentuse',
      instructors: [],
      tas: [],
      customCourseId: '',
      lmsKind: null,
    } as Values,
    transformValues: (v) => ({
      organizationId: orgId,
      ...courseInfoOf(v),
      productId: v.productId ? Number(v.productId) : null,
      useType: v.useType,
      instructors: [
        ...v.instructors.map((id) => ({ userId: Number(id), role: 'instructor' as const })),
        ...v.tas
          .filter((id) => !v.instructors.includes(id))
          .map((id) => ({ userId: Number(id), role: 'ta' as const })),
      ],
    }),
  });

  const submit = form.onSubmit((body) => {
    create.mutate(body, {
      onSuccess: (res) => {
        notifySuccess(t('courses.create.created'));
        navigate(`/institution/courseDetail/${res.course.sectionId}`);
      },
      onError: (e) => {
        if (!applyFieldErrors(form, e)) notifyError(e);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="create-course-form">
      <Card withBorder padding="lg" maw={960}>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack>
              <CourseInfoFields form={form} />
            </Stack>
            <Stack>
              <CourseSetupFields orgId={orgId} form={form} />
              <CustomCourseIdFields form={form} />
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/institution')}>
              {t('courses.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="create-submit">
              {t('courses.create.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

/** Product, use type, instructors and TAs of the new course. */
function CourseSetupFields({
  orgId,
  form,
}: {
  orgId: number;
  form: Pick<UseFormReturnType<Values>, 'getInputProps' | 'getValues'>;
}) {
  const { t } = useTranslation();
  const info = useCreationInfo(orgId);
  const people = useInstitutionInstructors(orgId);
  const peopleOptions = (people.data?.instructors ?? []).map((p) => ({
    value: String(p.userId),
    label: `${p.displayName} (${p.email})`,
  }));
  const values = form.getValues();
  return (
    <>
      <Select
        label={t('courses.create.product')}
        placeholder={t('courses.create.productPlaceholder')}
        data={(info.data?.products ?? []).map((p) => ({
          value: String(p.productId),
          label: `${p.productName} (${p.isbn})`,
        }))}
        searchable
        clearable
        nothingFoundMessage={t('courses.create.noProduct')}
        {...form.getInputProps('productId')}
        data-testid="create-product"
      />
      <Select
        label={t('courses.create.useType')}
        data={(['studentuse', 'instructoruse'] as const).map((v) => ({
          value: v,
          label: t(`status.useType.${v}`),
        }))}
        allowDeselect={false}
        {...form.getInputProps('useType')}
      />
      <MultiSelect
        label={t('courses.create.instructors')}
        data={peopleOptions}
        searchable
        {...form.getInputProps('instructors')}
        data-testid="create-instructors"
      />
      <MultiSelect
        label={t('courses.create.tas')}
        data={peopleOptions.filter((o) => !values.instructors.includes(o.value))}
        searchable
        {...form.getInputProps('tas')}
      />
    </>
  );
}
