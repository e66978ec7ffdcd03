import {
  ActionIcon,
  Anchor,
  Center,
  Checkbox,
  Menu,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconEdit, IconEye, IconTrash, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { CourseListFilters, SORT_FIELDS } from '../../../../shared/contract/course-list';
import { formatUsDate } from '../../../../shared/validation';
import type { CourseActions, CourseRow } from '../api';
import { SortHeader } from '../../../components/SortHeader';
import { BillingBadge, CourseTypeBadge, useOfferTypeLabel } from '../../../components/StatusBadges';

export type SortField = (typeof SORT_FIELDS)[number];

interface Props {
  courses: CourseRow[];
  actions: CourseActions;
  /** Row checkboxes only when there is something to do with a selection (today: copy). */
  selectable: boolean;
  sort: SortField;
  order: z.infer<typeof CourseListFilters>['order'];
  onSort: (field: SortField) => void;
  selected: Map<number, CourseRow>;
  onToggle: (course: CourseRow) => void;
  onTogglePage: (all: boolean) => void;
  onEdit: (course: CourseRow) => void;
  onInstructors: (course: CourseRow) => void;
  onRemove: (course: CourseRow) => void;
  /** The "Copy" column's cell per row (copyable, or why not); no column without it. */
  copyCell?: (course: CourseRow) => ReactNode;
  /** Extra menu items per row (extensions). */
  extraItems: (course: CourseRow) => ReactNode;
  caption: string;
}

/** The actions column stays in view while a narrow screen or a long language scrolls the table sideways. */
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

/** The institution page's course rows: selection, sortable columns and a per-row actions menu. */
export function CourseTable(p: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offerType = useOfferTypeLabel();
  const allOnPage = p.courses.length > 0 && p.courses.every((c) => p.selected.has(c.sectionId));
  const someOnPage = p.courses.some((c) => p.selected.has(c.sectionId));
  const sortProps = {
    sort: p.sort,
    order: p.order,
    onSort: p.onSort,
    sortByKey: 'institutions.table.sortBy' as const,
  };

  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={8} data-testid="course-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{p.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {p.selectable && (
              <Table.Th w={40}>
                <Stack gap={2} align="flex-start">
                  <Checkbox
                    aria-label={t('institutions.table.selectAll')}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={(e) => p.onTogglePage(e.currentTarget.checked)}
                  />
                  {/* the selection is for copying: the column also says which rows may be copied */}
                  {p.copyCell && (
                    <span style={{ whiteSpace: 'nowrap' }}>{t('institutions.table.copyable')}</span>
                  )}
                </Stack>
              </Table.Th>
            )}
            <SortHeader field="courseName" label={t('institutions.table.courseName')} {...sortProps} />
            <SortHeader field="sectionCode" label={t('institutions.table.sectionCode')} {...sortProps} />
            <SortHeader field="instructor" label={t('institutions.table.instructor')} {...sortProps} />
            <SortHeader field="startDate" label={t('institutions.table.startDate')} {...sortProps} />
            <SortHeader field="endDate" label={t('institutions.table.endDate')} {...sortProps} />
            <Table.Th>{t('institutions.table.courseType')}</Table.Th>
            <SortHeader field="enrollmentCount" label={t('institutions.table.enrollments')} {...sortProps} />
            <Table.Th>{t('institutions.table.billing')}</Table.Th>
            <Table.Th>{t('institutions.table.accessType')}</Table.Th>
            <Table.Th w={56} style={STICKY_END}>
              <VisuallyHidden>{t('institutions.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.courses.map((c) => (
            <Table.Tr key={c.sectionId} data-testid="course-row" data-section-id={c.sectionId}>
              {p.selectable && (
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Checkbox
                      aria-label={t('institutions.table.selectRow', { name: c.courseName })}
                      checked={p.selected.has(c.sectionId)}
                      onChange={() => p.onToggle(c)}
                    />
                    {p.copyCell?.(c)}
                  </Stack>
                </Table.Td>
              )}
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/institution/courseDetail/${c.sectionId}`}
                  fw={500}
                  data-testid="course-link"
                >
                  {c.courseName}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.sectionCode ?? '—'}</Table.Td>
              <Table.Td>{c.instructor ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(c.startDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(c.endDate)}</Table.Td>
              <Table.Td>
                <CourseTypeBadge type={c.courseType} />
              </Table.Td>
              <Table.Td ta="right">{c.enrollmentCount}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <BillingBadge status={c.billingStatus} />
              </Table.Td>
              <Table.Td>{offerType(c.accessType)}</Table.Td>
              <Table.Td style={STICKY_END}>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('institutions.table.rowActions', { name: c.courseName })}
                      data-testid="row-actions"
                    >
                      <IconDots size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconEye size={16} aria-hidden="true" />}
                      onClick={() => navigate(`/institution/courseDetail/${c.sectionId}`)}
                    >
                      {t('institutions.rowMenu.details')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconUsersGroup size={16} aria-hidden="true" />}
                      onClick={() => navigate(`/institution/courseDetail/${c.sectionId}?tab=roster`)}
                    >
                      {t('institutions.rowMenu.roster')}
                    </Menu.Item>
                    {p.actions.edit && (
                      <>
                        <Menu.Item
                          leftSection={<IconEdit size={16} aria-hidden="true" />}
                          onClick={() => p.onEdit(c)}
                        >
                          {t('institutions.rowMenu.edit')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconUsers size={16} aria-hidden="true" />}
                          onClick={() => p.onInstructors(c)}
                        >
                          {t('institutions.rowMenu.instructor')}
                        </Menu.Item>
                      </>
                    )}
                    {p.extraItems(c)}
                    {p.actions.delete && (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden="true" />}
                        onClick={() => p.onRemove(c)}
                      >
                        {t('institutions.rowMenu.remove')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
          {p.courses.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={10 + (p.selectable ? 1 : 0)}>
                <Center py="xl">
                  <Text c="dimmed">{t('institutions.table.empty')}</Text>
                </Center>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
