import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/dates';
import { useActionText } from '../actions';
import type { AuditRow } from '../api';
import { useSentenceText } from '../change';
import { useEntityKindText } from '../kinds';
import { AuditDiff } from './AuditDiff';

interface Props {
  row: AuditRow;
  expanded: boolean;
  onToggle: () => void;
}

/** One audit row (date, actor, sentence, entity, outcome) and, when open, its changes below it. */
export function AuditTableRow({ row: r, expanded, onToggle }: Props) {
  const { t, i18n } = useTranslation();
  const kindText = useEntityKindText();
  const actionText = useActionText();
  const sentenceOf = useSentenceText();
  const actor =
    r.actorName ?? r.actorUsername ?? (r.actorUserId === null ? t('audit.system') : `#${r.actorUserId}`);
  // the entity by its name (course title, user or role name), else its kind and id
  const entity =
    r.entityLabel ?? (r.entityId ? `${kindText(r.entityType)} ${r.entityId}` : kindText(r.entityType));
  return (
    <>
      <Table.Tr data-testid="audit-row">
        <Table.Td>
          <UnstyledButton
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={`audit-diff-${r.id}`}
            aria-label={t(expanded ? 'audit.hideChanges' : 'audit.showChanges', { id: r.id })}
            data-testid="audit-expand"
          >
            {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </UnstyledButton>
        </Table.Td>
        <Table.Td>{formatDateTime(r.at, i18n.language)}</Table.Td>
        <Table.Td>
          {actor}
          {r.actingAsUserId !== null && (
            <Text size="xs" c="dimmed" data-testid="audit-acting-as">
              {t('audit.actingAs', { name: r.actingAsUsername ?? `#${r.actingAsUserId}` })}
            </Text>
          )}
        </Table.Td>
        <Table.Td data-testid="audit-sentence" data-action={r.action}>
          {sentenceOf([actor, actionText(r.action), entity].filter(Boolean).join(' '), r)}
        </Table.Td>
        <Table.Td data-entity-type={r.entityType}>
          {kindText(r.entityType)}
          {r.entityId ? ` ${r.entityId}` : ''}
        </Table.Td>
        <Table.Td>
          <Badge
            color={r.outcome === 'done' ? 'green' : 'red'}
            variant="dot"
            tt="none"
            style={{ minWidth: 'max-content' }}
            data-outcome={r.outcome}
          >
            {t(`audit.outcomes.${r.outcome}`)}
          </Badge>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={`audit-diff-${r.id}`}>
          <Table.Td colSpan={6}>
            <AuditDiff row={r} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
