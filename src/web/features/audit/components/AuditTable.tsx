import { Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '../api';
import { AuditTableRow } from './AuditTableRow';

/** The log's rows, each one opening to the fields it changed. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="audit-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{t('audit.details')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('audit.date')}</Table.Th>
            <Table.Th>{t('audit.actor')}</Table.Th>
            <Table.Th>{t('audit.action')}</Table.Th>
            <Table.Th>{t('audit.entity')}</Table.Th>
            <Table.Th>{t('audit.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <AuditTableRow key={r.id} row={r} expanded={open.has(r.id)} onToggle={() => toggle(r.id)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
