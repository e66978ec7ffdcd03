import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsDate } from '../../../../shared/validation';
import type { CourseDetails } from '../api';
import { CourseTypeBadge } from '../../../components/StatusBadges';

type Row = CourseDetails['children'][number];

/**
 * A small list of courses (a master's children) linking to their detail pages; `masterChild` opens
 * each in the master-child view (the child with its master).
 */
export function CourseRowsTable({
  rows,
  empty,
  masterChild,
}: {
  rows: Row[];
  empty: string;
  masterChild?: boolean;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" data-testid="child-courses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('institutions.table.courseName')}</Table.Th>
            <Table.Th>{t('institutions.table.sectionCode')}</Table.Th>
            <Table.Th>{t('institutions.table.instructor')}</Table.Th>
            <Table.Th>{t('institutions.table.dates')}</Table.Th>
            <Table.Th>{t('institutions.table.courseType')}</Table.Th>
            <Table.Th>{t('institutions.table.enrollments')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.sectionId}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/institution/courseDetail/${c.sectionId}${masterChild ? '?view=masterChild' : ''}`}
                  data-testid="child-course-link"
                >
                  {c.courseName}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.sectionCode ?? '—'}</Table.Td>
              <Table.Td>{c.instructor ?? '—'}</Table.Td>
              <Table.Td>
                {formatUsDate(c.startDate)} – {formatUsDate(c.endDate)}
              </Table.Td>
              <Table.Td>
                <CourseTypeBadge type={c.courseType} />
              </Table.Td>
              <Table.Td>{c.enrollmentCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
