import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type ChangePart, auditChange } from '../../../shared/audit-change';
import { formatInstantDay } from '../../../shared/dates';
import type { AuditRow } from './api';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Catalog of the words of each field's values (a status, an opt status, an offer type). */
const VALUE_WORDS: Record<string, string> = {
  status: 'users.status',
  optStatus: 'status.opt',
  offerType: 'status.offerType',
};

/** Fields with words in `audit.change.fields`; any other is shown as stored. */
const FIELDS = [
  'status',
  'optStatus',
  'startDate',
  'endDate',
  'accessEndsAt',
  'droppedAt',
  'courseName',
  'sectionCode',
  'description',
  'customCourseId',
  'firstName',
  'lastName',
  'email',
  'role',
  'name',
  'superAdmin',
  'associateSuperAdmin',
  'nasupport',
  'censusDuration',
  'freeAccessDuration',
  'offerType',
  'orgInclusiveId',
  'inclusiveAccess',
  'timeZone',
] as const;
const named = new Set<string>(FIELDS);

/** One value as the sentence shows it: dates MM/DD/YYYY, yes/no, a status in words, empty as "—". */
export function valueText(t: TFunction, field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'audit.change.yes' : 'audit.change.no');
  const s = String(v);
  const day = ISO_DAY.exec(s);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  if (ISO_INSTANT.test(s)) return formatInstantDay(s);
  const words = VALUE_WORDS[field];
  return words ? t(`${words}.${s}`, { defaultValue: s }) : s;
}

function partText(t: TFunction, p: ChangePart): string {
  if (p.kind === 'field') {
    const label = named.has(p.field)
      ? t(`audit.change.fields.${p.field}` as 'audit.change.fields.status')
      : p.field;
    return `${label} ${valueText(t, p.field, p.before)} → ${valueText(t, p.field, p.after)}`;
  }
  const sign = p.kind === 'added' ? '+' : '−';
  const role = (r: string) => (r === 'instructor' || r === 'ta' ? t(`audit.change.roles.${r}`) : r);
  const list = p.people.map((x) => `${sign} ${x.name}${x.role ? ` (${role(x.role)})` : ''}`);
  if (p.more > 0) list.push(t('audit.change.more', { count: p.more }));
  return list.join(', ');
}

/** The change of a row in words ("+ Ana Ruiz (TA)", "status Active → Disabled"); '' when none. */
export function changeText(t: TFunction, row: Pick<AuditRow, 'action' | 'before' | 'after' | 'names'>) {
  return auditChange(row.action, row.before, row.after, row.names)
    .map((p) => partText(t, p))
    .filter(Boolean)
    .join(t('audit.change.separator'));
}

/** The row's sentence: "<actor> <action in words> <entity>", then its change after a colon. */
export function sentenceText(t: TFunction, base: string, row: Parameters<typeof changeText>[1]) {
  const change = changeText(t, row);
  return change ? t('audit.change.sentence', { base, change }) : base;
}

export function useSentenceText() {
  const { t } = useTranslation();
  return (base: string, row: Parameters<typeof changeText>[1]) => sentenceText(t, base, row);
}
