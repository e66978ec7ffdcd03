import { Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import { notifyError } from '../../../lib/notify';
import { downloadFile } from '../../../lib/download';
import { useAppSession } from '../../../session';
import { BillingText, OptWindowBar, RosterRowActions } from '../../inclusive-access';
import { useRoster } from '../api';
import { AccessBadge, CurrentAccessText, OptStatusBadge } from '../../../components/StatusBadges';
import { rostersApi } from '../../../../shared/contract/rosters';

const PAGE_SIZE = 25;

/** A course's students: access display, current access and opt status; search, paging, CSV export. */
export function RosterTable({ sectionId }: { sectionId: number }) {
  const { t } = useTranslation();
  const { capabilities } = useAppSession();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const roster = useRoster({ sectionId, q, page, pageSize: PAGE_SIZE });
  const data = roster.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(rostersApi.export.path, { sectionId }, `Roster_${sectionId}.csv`);
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="roster">
      {data && <OptWindowBar window={data.window} />}
      <Group justify="space-between" mb="sm" align="flex-end">
        <TextInput
          label={t('courses.roster.search')}
          placeholder={t('courses.roster.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Group gap="sm">
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('courses.roster.total', { count: data.total })}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={exportCsv}
            loading={exporting}
            data-testid="roster-export"
          >
            {t('courses.roster.export')}
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={1000}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('courses.roster.name')}</Table.Th>
              <Table.Th>{t('courses.roster.email')}</Table.Th>
              <Table.Th>{t('courses.roster.access')}</Table.Th>
              <Table.Th>{t('courses.roster.accessEnds')}</Table.Th>
              <Table.Th>{t('courses.roster.currentAccess')}</Table.Th>
              <Table.Th>{t('courses.roster.optStatus')}</Table.Th>
              <Table.Th>{t('inclusiveAccess.roster.billing')}</Table.Th>
              <Table.Th>{t('inclusiveAccess.roster.reminded')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('inclusiveAccess.roster.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.students.map((s) => (
              <Table.Tr key={s.enrollmentId} data-testid="roster-row">
                <Table.Td>
                  {s.lastName}, {s.firstName}
                </Table.Td>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td>
                  <AccessBadge access={s.access} />
                </Table.Td>
                <Table.Td>
                  {s.access.endsAt ? formatUsDate(s.access.endsAt) : t('courses.roster.noEnd')}
                </Table.Td>
                <Table.Td>
                  <CurrentAccessText value={s.currentAccess} />
                </Table.Td>
                <Table.Td>
                  {s.courseRole === 'student' ? (
                    <OptStatusBadge value={s.optStatus} />
                  ) : (
                    <Text size="sm">{t(`inclusiveAccess.role.${s.courseRole}`)}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <BillingText billing={s.billing} />
                </Table.Td>
                <Table.Td>{s.remindedAt ? formatUsDate(s.remindedAt) : ''}</Table.Td>
                <Table.Td>
                  <RosterRowActions
                    sectionId={sectionId}
                    window={data.window}
                    student={s}
                    capabilities={capabilities}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {data && data.students.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('courses.roster.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pager mt="md" total={pages} value={page} onChange={setPage} />}
      {roster.isError && <Text c="red">{t('errors.generic')}</Text>}
    </div>
  );
}
