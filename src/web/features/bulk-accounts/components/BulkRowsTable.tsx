import { Badge, Group, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { useTranslation } from 'react-i18next';
import type { BulkAction, BulkMode } from '../../../../shared/contract/bulk-accounts';
import { useBulkRows } from '../api';

const COLOR: Record<BulkAction, string> = { create: 'green', update: 'blue', skip: 'gray', reject: 'red' };
const PAGE = 25;

/** Every row of the file (25 per page), with what it does or did, and why. */
export function BulkRowsTable({
  importId,
  mode,
  refreshKey,
}: {
  importId: string;
  mode: BulkMode;
  refreshKey: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | BulkAction>('all');
  const [page, setPage] = useState(0);
  const rows = useBulkRows(importId, mode, filter === 'all' ? null : filter, page, refreshKey);
  const total = rows.data?.total ?? 0;
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => {
          setFilter(v as typeof filter);
          setPage(0);
        }}
        data={[
          { value: 'all', label: t('bulk.filter.all') },
          { value: 'create', label: t('bulk.action.create') },
          { value: 'update', label: t('bulk.action.update') },
          { value: 'skip', label: t('bulk.action.skip') },
          { value: 'reject', label: t('bulk.action.reject') },
        ]}
        aria-label={t('bulk.filter.label')}
        w="fit-content"
      />
      <Table.ScrollContainer minWidth={900}>
        <Table striped data-testid="bulk-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('bulk.table.row')}</Table.Th>
              <Table.Th>{t('bulk.table.name')}</Table.Th>
              <Table.Th>{t('bulk.table.email')}</Table.Th>
              <Table.Th>{t('bulk.table.username')}</Table.Th>
              <Table.Th>{t('bulk.table.role')}</Table.Th>
              <Table.Th miw={130}>{t('bulk.table.action')}</Table.Th>
              <Table.Th>{t('bulk.table.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.rowNumber} data-testid={`bulk-row-${r.rowNumber}`}>
                <Table.Td>{r.rowNumber}</Table.Td>
                <Table.Td>
                  {r.firstName} {r.lastName}
                </Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>{r.username}</Table.Td>
                <Table.Td>{r.role}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge color={COLOR[r.action]} variant="light" c="dark.8" style={{ flexShrink: 0 }}>
                      {t(`bulk.action.${r.action}`)}
                    </Badge>
                    {r.result && (
                      <Badge
                        color={r.result === 'failed' || r.result === 'rejected' ? 'red' : 'teal'}
                        variant="outline"
                        style={{ flexShrink: 0 }}
                      >
                        {t(`bulk.result.${r.result}`)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {r.issues.length > 0 ? (
                    <List size="xs" spacing={0}>
                      {r.issues.map((i) => (
                        <List.Item key={`${i.column}:${i.message}`}>
                          <Text span size="xs" fw={600}>
                            {t('bulk.issue', { row: r.rowNumber, column: i.column })}
                          </Text>{' '}
                          <Text span size="xs">
                            {i.message}
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {r.resultMessage ?? r.note ?? ''}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE && (
        <Pager size="sm" total={Math.ceil(total / PAGE)} value={page + 1} onChange={(n) => setPage(n - 1)} />
      )}
    </Stack>
  );
}
