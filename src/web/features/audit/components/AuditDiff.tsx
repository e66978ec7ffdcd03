import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '../api';
import { fieldChanges, showValue } from '../diff';

/** The fields a row changed, each with its value before and after. */
export function AuditDiff({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const changes = fieldChanges(row.before, row.after);
  if (changes.length === 0) return <Text size="sm">{t('audit.noChanges')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder data-testid="audit-diff">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.field')}</Table.Th>
            <Table.Th>{t('audit.before')}</Table.Th>
            <Table.Th>{t('audit.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field}>
              <Table.Td>
                <Code>{c.field}</Code>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{showValue(c.before)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{showValue(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
