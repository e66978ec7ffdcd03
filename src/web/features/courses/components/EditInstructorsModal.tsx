import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseRole as Role } from '../../../../shared/contract/courses';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEditInstructors, useInstitutionInstructors, useSectionInstructors } from '../api';

interface Row {
  key: number;
  userId: string | null;
  role: Role;
}

let rowKey = 0;

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
  const people = useInstitutionInstructors(institutionId);
  const save = useEditInstructors();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (rows === null && current.data) {
      const list = current.data.instructors.map((i) => ({
        key: ++rowKey,
        userId: String(i.userId),
        role: i.role,
      }));
      setRows(list.length ? list : [{ key: ++rowKey, userId: null, role: 'instructor' }]);
    }
  }, [rows, current.data]);

  const options = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of people.data?.instructors ?? [])
      map.set(String(p.userId), `${p.displayName} (${p.email})`);
    for (const i of current.data?.instructors ?? []) {
      if (!map.has(String(i.userId))) map.set(String(i.userId), `${i.displayName} (${i.email})`);
    }
    return [...map.entries()].map(([value, label]) => ({ value, label }));
  }, [people.data, current.data]);

  const update = (key: number, patch: Partial<Row>) =>
    setRows((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = () => {
    const chosen = (rows ?? []).filter((r) => r.userId);
    if (chosen.length === 0) {
      setError(t('courses.instructors.needOne'));
      return;
    }
    setError(null);
    save.mutate(
      {
        sectionId: course.sectionId,
        instructors: chosen.map((r) => ({ userId: Number(r.userId), role: r.role })),
      },
      {
        onSuccess: () => {
          notifySuccess(t('courses.instructors.updated'));
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  const roles = [
    { value: 'instructor', label: t('courses.detail.roleInstructor') },
    { value: 'ta', label: t('courses.detail.roleTa') },
  ];

  return (
    <Modal opened onClose={onClose} title={t('courses.instructors.title')} size="lg">
      <Stack data-testid="edit-instructors">
        <Text size="sm" c="dimmed">
          {course.courseName}
        </Text>
        {rows === null ? (
          <Loader size="sm" />
        ) : (
          rows.map((r, i) => {
            const taken = new Set(rows.filter((o) => o.key !== r.key).map((o) => o.userId));
            return (
              <Group key={r.key} align="flex-end" wrap="nowrap">
                <Select
                  style={{ flex: 1 }}
                  label={i === 0 ? t('courses.instructors.user') : undefined}
                  aria-label={t('courses.instructors.user')}
                  placeholder={t('courses.instructors.choose')}
                  data={options.filter((o) => !taken.has(o.value))}
                  value={r.userId}
                  onChange={(v) => update(r.key, { userId: v })}
                  searchable
                  data-testid="instructor-user"
                />
                <Select
                  w={220}
                  label={i === 0 ? t('courses.instructors.role') : undefined}
                  aria-label={t('courses.instructors.role')}
                  data={roles}
                  value={r.role}
                  allowDeselect={false}
                  onChange={(v) => update(r.key, { role: (v as Role) ?? 'instructor' })}
                  data-testid="instructor-role"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('courses.instructors.removeRow')}
                  onClick={() => setRows(rows.filter((o) => o.key !== r.key))}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            );
          })
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setRows([...(rows ?? []), { key: ++rowKey, userId: null, role: 'instructor' }])}
            disabled={rows === null || rows.length >= 20}
          >
            {t('courses.instructors.add')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('courses.form.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={rows === null}>
            {t('courses.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
