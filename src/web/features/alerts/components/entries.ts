import { ALERT_TYPES } from '../../../../shared/contract/alerts';
import type { Alerts } from '../api';

/** Spec §9 "limited older-alert list": newest first, at most 2 minus the entries already shown. */
export const OLDER_LIMIT = 2;

export function limitedOlder<T>(older: T[], existing: number): T[] {
  return older.slice(0, Math.max(0, OLDER_LIMIT - existing));
}

export type AlertEntry =
  | { kind: 'copy'; key: string; id: number; sectionId: number; name: string; at: string; status: string }
  | {
      kind: 'section';
      key: string;
      id: number;
      sectionId: number;
      name: string;
      at: string;
      alertType: string;
    };

/** A copy's name with its source section's code, unless the name shows it already (copies of one course's sections share a name). */
export function withSectionCode(name: string, sectionCode: string | null): string {
  return sectionCode && !name.includes(sectionCode) ? `${name} · ${sectionCode}` : name;
}

/** One bucket's entries, newest first: copy statuses and section alerts together. */
export function entriesOf(bucket: Alerts['today']): AlertEntry[] {
  const copies: AlertEntry[] = bucket.courseCopyStatuses.map((c) => ({
    kind: 'copy',
    key: `copy-${c.id}`,
    id: c.id,
    sectionId: c.sectionId,
    name: withSectionCode(c.courseName, c.sectionCode),
    at: c.createdDate,
    status: c.status,
  }));
  const sections: AlertEntry[] = bucket.sections.map((s) => ({
    kind: 'section',
    key: `section-${s.id}`,
    id: s.id,
    sectionId: s.sectionId,
    name: s.title,
    at: s.alertDate,
    alertType: s.alertType,
  }));
  return [...copies, ...sections].sort((a, b) => b.at.localeCompare(a.at));
}

/** The alerts popup's type filter. */
export const ALERT_FILTERS = ['all', 'copies', 'lowEnrollment', 'readyForEnrollment'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

/** True when an entry is of the chosen type (any section alert but low enrollment is "ready"). */
export function matchesFilter(entry: AlertEntry, filter: AlertFilter): boolean {
  if (filter === 'all') return true;
  if (entry.kind === 'copy') return filter === 'copies';
  const low = entry.alertType === ALERT_TYPES.lowEnrollment;
  return filter === (low ? 'lowEnrollment' : 'readyForEnrollment');
}

/** The acknowledgement of every entry given (copy statuses and section alerts apart). */
export function acknowledgementOf(entries: AlertEntry[]) {
  return {
    ids: entries.filter((e) => e.kind === 'copy').map((e) => e.id),
    sectionIds: entries.filter((e) => e.kind === 'section').map((e) => e.id),
  };
}
