import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDownload, IconFilter } from '@tabler/icons-react';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/dates';
import { Navigate, useSearchParams } from 'react-router';
import type { AuditFiltersT } from '../../../../shared/contract/audit';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { DateField } from '../../../lib/dates';
import { useErrorText } from '../../../lib/error-text';
import { type AuditRow, exportAuditLog, useAuditLog } from '../api';
import { fieldChanges, showValue } from '../diff';
import { useActionText } from '../actions';
import { useSentenceText } from '../change';
import { ActorPicker } from '../components/ActorPicker';
import { useEntityKindText } from '../kinds';

/** The filter fields the URL and the form hold (all text; dates as yyyy-mm-dd). */
const FIELDS = ['actorUserId', 'entityType', 'entityId', 'action', 'outcome', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

const startOfDay = (d: string) => (d ? new Date(`${d}T00:00:00`).toISOString() : undefined);
const endOfDay = (d: string) => {
  if (!d) return undefined;
  const next = new Date(`${d}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};
const validDate = (d: string) => d === '' || !Number.isNaN(new Date(`${d}T00:00:00`).getTime());

function toFilters(orgId: number, f: Form): AuditFiltersT {
  const actor = Number(f.actorUserId);
  return {
    organizationId: orgId,
    actorUserId: Number.isInteger(actor) && actor > 0 ? actor : undefined,
    entityType: f.entityType.trim() || undefined,
    entityId: f.entityId.trim() || undefined,
    action: f.action.trim() || undefined,
    outcome: f.outcome === 'done' || f.outcome === 'refused' ? f.outcome : undefined,
    from: validDate(f.from) ? startOfDay(f.from) : undefined,
    to: validDate(f.to) ? endOfDay(f.to) : undefined,
  };
}

function Diff({ row }: { row: AuditRow }) {
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

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t, i18n } = useTranslation();
  const kindText = useEntityKindText();
  const actionText = useActionText();
  const sentenceOf = useSentenceText();
  const actorOf = (r: AuditRow) =>
    r.actorName ?? r.actorUsername ?? (r.actorUserId === null ? t('audit.system') : `#${r.actorUserId}`);
  /** The entity by its name (course title, user or role name), else its kind and id. */
  const entityOf = (r: AuditRow) =>
    r.entityLabel ?? (r.entityId ? `${kindText(r.entityType)} ${r.entityId}` : kindText(r.entityType));
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
          {rows.map((r) => {
            const expanded = open.has(r.id);
            return (
              <Fragment key={r.id}>
                <Table.Tr data-testid="audit-row">
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => toggle(r.id)}
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
                    {actorOf(r)}
                    {r.actingAsUserId !== null && (
                      <Text size="xs" c="dimmed" data-testid="audit-acting-as">
                        {t('audit.actingAs', { name: r.actingAsUsername ?? `#${r.actingAsUserId}` })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="audit-sentence" data-action={r.action}>
                    {sentenceOf([actorOf(r), actionText(r.action), entityOf(r)].filter(Boolean).join(' '), r)}
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
                      <Diff row={r} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The audit log: the chosen institution's audit rows, filtered, newest first. */
export default function AuditLogPage() {
  const { t } = useTranslation();

  const errorText = useErrorText();
  const { institution, capabilities } = useAppSession();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Form;
  const [form, setForm] = useState<Form>(applied);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const orgId = institution?.orgId ?? 0;
  const filters = toFilters(orgId, applied);
  const allowed = institution !== null && can(capabilities, 'viewAudit');
  const log = useAuditLog(filters, allowed);
  if (!allowed) return <Navigate to="/institution" replace />;

  const set = (f: Field) => (e: { currentTarget: { value: string } }) => {
    // read now: React empties the event's currentTarget once the handler returns
    const value = e.currentTarget.value;
    setForm((s) => ({ ...s, [f]: value }));
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(FIELDS.filter((f) => form[f].trim()).map((f) => [f, form[f].trim()])));
  };
  const clear = () => {
    setForm(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Form);
    setParams({});
  };
  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    setExportError(null);
    try {
      await exportAuditLog(filters, format);
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(null);
    }
  };
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page
      title={t('audit.title')}
      description={t('audit.description', { name: institution.displayName })}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => onExport('csv')}
            loading={exporting === 'csv'}
            disabled={exporting === 'xlsx'}
            data-testid="audit-export"
          >
            {t('audit.export')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => onExport('xlsx')}
            loading={exporting === 'xlsx'}
            disabled={exporting === 'csv'}
            data-testid="audit-export-xlsx"
          >
            {t('audit.exportXlsx')}
          </Button>
        </Group>
      }
    >
      <form onSubmit={apply} aria-label={t('audit.filters')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ActorPicker
            orgId={orgId}
            value={form.actorUserId}
            onChange={(v) => setForm((s) => ({ ...s, actorUserId: v }))}
          />
          <TextInput
            label={t('audit.entityType')}
            value={form.entityType}
            onChange={set('entityType')}
            w={140}
            data-testid="filter-entity-type"
          />
          <TextInput
            label={t('audit.entityId')}
            value={form.entityId}
            onChange={set('entityId')}
            w={120}
            data-testid="filter-entity-id"
          />
          <TextInput
            label={t('audit.action')}
            value={form.action}
            onChange={set('action')}
            w={170}
            data-testid="filter-action"
          />
          <Select
            label={t('audit.outcome')}
            value={form.outcome || null}
            onChange={(v) => setForm((s) => ({ ...s, outcome: v ?? '' }))}
            data={[
              { value: 'done', label: t('audit.outcomes.done') },
              { value: 'refused', label: t('audit.outcomes.refused') },
            ]}
            clearable
            placeholder={t('audit.any')}
            w={140}
            data-testid="filter-outcome"
          />
          <DateField
            label={t('audit.from')}
            value={form.from}
            onChange={(v) => setForm((s) => ({ ...s, from: v }))}
            w={160}
            data-testid="filter-from"
          />
          <DateField
            label={t('audit.to')}
            value={form.to}
            onChange={(v) => setForm((s) => ({ ...s, to: v }))}
            w={160}
            data-testid="filter-to"
          />
          <Button
            type="submit"
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            data-testid="audit-apply"
          >
            {t('audit.apply')}
          </Button>
          <Button variant="subtle" onClick={clear}>
            {t('audit.clear')}
          </Button>
        </Group>
      </form>
      {exportError != null && (
        <Alert color="red" role="alert">
          {errorText(exportError)}
        </Alert>
      )}
      {log.isPending ? (
        <Loader aria-label={t('audit.loading')} />
      ) : log.isError ? (
        <Alert color="red" role="alert">
          {errorText(log.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text data-testid="audit-empty">{t('audit.empty')}</Text>
      ) : (
        <>
          <AuditTable rows={rows} />
          {log.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
              data-testid="audit-more"
            >
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
