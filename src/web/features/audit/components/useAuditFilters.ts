import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFiltersT } from '../../../../shared/contract/audit';

/** The filter fields the URL and the form hold (all text; dates as yyyy-mm-dd). */
const FIELDS = ['actorUserId', 'entityType', 'entityId', 'action', 'outcome', 'from', 'to'] as const;
export type AuditField = (typeof FIELDS)[number];
export type AuditForm = Record<AuditField, string>;

const startOfDay = (d: string) => (d ? new Date(`${d}T00:00:00`).toISOString() : undefined);
const endOfDay = (d: string) => {
  if (!d) return undefined;
  const next = new Date(`${d}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};
const validDate = (d: string) => d === '' || !Number.isNaN(new Date(`${d}T00:00:00`).getTime());

function toFilters(orgId: number, f: AuditForm): AuditFiltersT {
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

/** The filter form and the filters applied, which the URL holds. */
export function useAuditFilters(orgId: number) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as AuditForm;
  const [form, setForm] = useState<AuditForm>(applied);
  const filters = toFilters(orgId, applied);

  const setField = (f: AuditField, value: string) => setForm((s) => ({ ...s, [f]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(FIELDS.filter((f) => form[f].trim()).map((f) => [f, form[f].trim()])));
  };
  const clear = () => {
    setForm(Object.fromEntries(FIELDS.map((f) => [f, ''])) as AuditForm);
    setParams({});
  };
  return { form, filters, setField, apply, clear };
}
