import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/dates';
import { ActorPicker } from './ActorPicker';
import type { AuditField, AuditForm } from './useAuditFilters';

interface Props {
  orgId: number;
  form: AuditForm;
  setField: (f: AuditField, value: string) => void;
  onApply: (e: FormEvent) => void;
  onClear: () => void;
}

/** The filters above the log: actor, entity, action, outcome and dates, applied with a button. */
export function AuditFilterForm({ orgId, form, setField, onApply, onClear }: Props) {
  const { t } = useTranslation();
  const set = (f: AuditField) => (e: { currentTarget: { value: string } }) => {
    // read now: React empties the event's currentTarget once the handler returns
    const value = e.currentTarget.value;
    setField(f, value);
  };
  return (
    <form onSubmit={onApply} aria-label={t('audit.filters')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ActorPicker orgId={orgId} value={form.actorUserId} onChange={(v) => setField('actorUserId', v)} />
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
          onChange={(v) => setField('outcome', v ?? '')}
          data={[
            { value: 'done', label: t('audit.outcomes.done') },
            { value: 'refused', label: t('audit.outcomes.refused') },
          ]}
          clearable
          placeholder={t('audit.any')}
          w={140}
          data-testid="filter-outcome"
        />
        <AuditDateFields form={form} setField={setField} />
        <Button
          type="submit"
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          data-testid="audit-apply"
        >
          {t('audit.apply')}
        </Button>
        <Button variant="subtle" onClick={onClear}>
          {t('audit.clear')}
        </Button>
      </Group>
    </form>
  );
}

function AuditDateFields({ form, setField }: Pick<Props, 'form' | 'setField'>) {
  const { t } = useTranslation();
  return (
    <>
      <DateField
        label={t('audit.from')}
        value={form.from}
        onChange={(v) => setField('from', v)}
        w={160}
        data-testid="filter-from"
      />
      <DateField
        label={t('audit.to')}
        value={form.to}
        onChange={(v) => setField('to', v)}
        w={160}
        data-testid="filter-to"
      />
    </>
  );
}
