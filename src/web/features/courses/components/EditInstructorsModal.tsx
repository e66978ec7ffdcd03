import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type CourseInstructor,
  type CourseRole as Role,
  EditInstructorBody,
} from '../../../../shared/contract/courses';
import { useContractForm } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEditInstructors, useInstitutionInstructors, useSectionInstructors } from '../api';

interface Row {
  key: number;
  userId: string | null;
  role: Role;
}
type Values = { rows: Row[] };
type SectionInstructor = z.infer<typeof CourseInstructor>;

let rowKey = 0;
const emptyRow = (): Row => ({ key: ++rowKey, userId: null, role: 'instructor' });

/** Edit the instructors and teaching assistants ('ta') of a course (PUT instructor). */
export function EditInstructorsModal({
  course,
  institutionId,
  onClose,
}: {
  course: { sectionId: number; courseName: string };
  institutionId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = useSectionInstructors(course.sectionId);
  return (
    <Modal opened onClose={onClose} title={t('courses.instructors.title')} size="lg">
      <Stack data-testid="edit-instructors">
        <Text size="sm" c="dimmed">
          {course.courseName}
        </Text>
        {current.data ? (
          <InstructorsForm
            sectionId={course.sectionId}
            institutionId={institutionId}
            current={current.data.instructors}
            onClose={onClose}
          />
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Modal>
  );
}

function InstructorsForm({
  sectionId,
  institutionId,
  current,
  onClose,
}: {
  sectionId: number;
  institutionId: number;
  current: SectionInstructor[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const people = useInstitutionInstructors(institutionId);
  const save = useEditInstructors();
  const initial = current.map((i) => ({ key: ++rowKey, userId: String(i.userId), role: i.role }));
  const form = useContractForm({
    schema: EditInstructorBody,
    texts: { tooFewItems: t('courses.instructors.needOne') },
    initialValues: { rows: initial.length ? initial : [emptyRow()] } as Values,
    transformValues: ({ rows }) => ({
      sectionId,
      instructors: rows.filter((r) => r.userId).map((r) => ({ userId: Number(r.userId), role: r.role })),
    }),
  });

  const options = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of people.data?.instructors ?? [])
      map.set(String(p.userId), `${p.displayName} (${p.email})`);
    for (const i of current) {
      if (!map.has(String(i.userId))) map.set(String(i.userId), `${i.displayName} (${i.email})`);
    }
    return [...map.entries()].map(([value, label]) => ({ value, label }));
  }, [people.data, current]);

  const submit = form.onSubmit((body) => {
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('courses.instructors.updated'));
        onClose();
      },
      onError: notifyError,
    });
  });
  const { rows } = form.values;

  return (
    <>
      {rows.map((r, i) => (
        <InstructorRow key={r.key} form={form} index={i} options={options} />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => form.insertListItem('rows', emptyRow())}
          disabled={rows.length >= 20}
        >
          {t('courses.instructors.add')}
        </Button>
      </Group>
      {form.errors.instructors && (
        <Alert color="red" role="alert">
          {form.errors.instructors}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('courses.form.cancel')}
        </Button>
        <Button onClick={() => submit()} loading={save.isPending}>
          {t('courses.form.save')}
        </Button>
      </Group>
    </>
  );
}

/** One instructor or TA: the user (those of other rows left out), the role, and a remove button. */
function InstructorRow({
  form,
  index,
  options,
}: {
  form: Pick<UseFormReturnType<Values>, 'values' | 'setFieldValue' | 'removeListItem'>;
  index: number;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { rows } = form.values;
  const r = rows[index];
  const taken = new Set(rows.filter((o) => o.key !== r.key).map((o) => o.userId));
  const roles = [
    { value: 'instructor', label: t('courses.detail.roleInstructor') },
    { value: 'ta', label: t('courses.detail.roleTa') },
  ];
  return (
    <Group align="flex-end" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label={index === 0 ? t('courses.instructors.user') : undefined}
        aria-label={t('courses.instructors.user')}
        placeholder={t('courses.instructors.choose')}
        data={options.filter((o) => !taken.has(o.value))}
        value={r.userId}
        onChange={(v) => form.setFieldValue(`rows.${index}.userId`, v)}
        searchable
        data-testid="instructor-user"
      />
      <Select
        w={220}
        label={index === 0 ? t('courses.instructors.role') : undefined}
        aria-label={t('courses.instructors.role')}
        data={roles}
        value={r.role}
        allowDeselect={false}
        onChange={(v) => form.setFieldValue(`rows.${index}.role`, (v as Role) ?? 'instructor')}
        data-testid="instructor-role"
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('courses.instructors.removeRow')}
        onClick={() => form.removeListItem('rows', index)}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
