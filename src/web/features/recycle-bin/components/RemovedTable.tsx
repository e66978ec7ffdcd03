import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import type { RecycleEntry } from '../api';
import { KindBadge } from './KindBadge';
import { RestoreButton, type RestoreProps } from './RestoreButton';

/** The removed entries as a table, on wider screens. */
export function RemovedTable({ entries, ...restore }: RestoreProps & { entries: RecycleEntry[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640} visibleFrom="sm">
      <Table striped data-testid="bin-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('recycleBin.columns.kind')}</Table.Th>
            <Table.Th>{t('recycleBin.columns.name')}</Table.Th>
            <Table.Th>{t('recycleBin.columns.removedBy')}</Table.Th>
            <Table.Th>{t('recycleBin.columns.removedAt')}</Table.Th>
            <Table.Th>{t('recycleBin.columns.purgeAt')}</Table.Th>
            <Table.Th>{t('recycleBin.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id} data-testid="bin-row" data-kind={e.kind} data-entity={e.entityId}>
              <Table.Td>
                <KindBadge kind={e.kind} />
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{e.name}</Table.Td>
              <Table.Td>{e.removedByName ?? t('recycleBin.unknownUser')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(e.removedAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(e.purgeAt)}</Table.Td>
              <Table.Td>
                <RestoreButton entry={e} {...restore} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
