import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SortHeaderProps<F extends string> {
  field: F;
  label: string;
  sort: F;
  order: 'asc' | 'desc';
  onSort: (field: F) => void;
  /** The i18n key of the button's accessible name ("Sort by {{column}}"), the table's own. */
  sortByKey: 'institutions.table.sortBy' | 'offers.table.sortBy';
  /** Keep the label on one line (else it may wrap, e.g. French at 1280 px). */
  nowrap?: boolean;
}

/** A sortable table column header: the label as a button, the sort direction as an icon and `aria-sort`. */
export function SortHeader<F extends string>({
  field,
  label,
  sort,
  order,
  onSort,
  sortByKey,
  nowrap,
}: SortHeaderProps<F>) {
  const { t } = useTranslation();
  const active = sort === field;
  const Icon = active ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
    >
      <UnstyledButton onClick={() => onSort(field)} aria-label={t(sortByKey, { column: label })}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
