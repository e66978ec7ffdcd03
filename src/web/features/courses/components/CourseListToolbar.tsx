import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CourseList, CourseRow } from '../api';
import { type CourseListContext, CourseListSelectionActions } from './CourseListActions';

interface Props {
  data: CourseList | undefined;
  selected: CourseRow[];
  /** The copy checks of the page's rows have answered. */
  checked: boolean;
  copyableOnPage: CourseRow[];
  onSelectCopyable: () => void;
  ctx: Omit<CourseListContext, 'selected'> | null;
}

/** Above the course table: the total, the selection and what can be done with it. */
export function CourseListToolbar({ data, selected, checked, copyableOnPage, onSelectCopyable, ctx }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" mih={36}>
      <Group gap="md">
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="course-total">
            {t('institutions.table.total', { count: data.total })}
          </Text>
        )}
        {selected.length > 0 && (
          <Text size="sm" fw={500} data-testid="selected-count">
            {t('institutions.table.selected', { count: selected.length })}
          </Text>
        )}
        {data?.actions.copy && checked && (
          <Button
            variant="default"
            size="compact-sm"
            disabled={copyableOnPage.length === 0}
            onClick={onSelectCopyable}
            // a long label (French) wraps instead of widening a 390 px screen
            h="auto"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            data-testid="select-copyable"
          >
            {t('institutions.table.selectCopyable', { count: copyableOnPage.length })}
          </Button>
        )}
        {ctx && <CourseListSelectionActions {...ctx} selected={selected} />}
      </Group>
    </Group>
  );
}
