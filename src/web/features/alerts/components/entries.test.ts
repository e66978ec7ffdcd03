import { describe, expect, it } from 'vitest';
import { type Alerts, withoutAlerts } from '../api';
import { entriesOf, limitedOlder, withSectionCode } from './entries';

const bucket = (copies: [number, string][], sections: [number, string, string][]): Alerts['today'] => ({
  courseCopyStatuses: copies.map(([id, at]) => ({
    id,
    sectionId: id,
    courseName: `Copy ${id}`,
    sectionCode: id === 1 ? '002' : null,
    createdDate: at,
    status: 'succeeded' as const,
  })),
  sections: sections.map(([id, at, alertType]) => ({
    id,
    sectionId: id,
    title: `Course ${id}`,
    alertDate: at,
    alertType,
  })),
});

describe('alerts popup entries', () => {
  it("names a copy with its source section's code, once", () => {
    expect(withSectionCode('Biology 101 (Copy)', '002')).toBe('Biology 101 (Copy) · 002');
    expect(withSectionCode('Biology 101 002 (Copy)', '002')).toBe('Biology 101 002 (Copy)');
    expect(withSectionCode('Biology 101 (Copy)', null)).toBe('Biology 101 (Copy)');
    expect(entriesOf(bucket([[1, '2025-03-10T08:00:00Z']], [])).map((e) => e.name)).toEqual(['Copy 1 · 002']);
  });

  it('merges copy statuses and section alerts, newest first', () => {
    const entries = entriesOf(
      bucket(
        [[1, '2025-03-10T08:00:00Z']],
        [
          [2, '2025-03-10T09:00:00Z', 'low_enrollment'],
          [3, '2025-03-10T07:00:00Z', 'ready_for_enrollment'],
        ],
      ),
    );
    expect(entries.map((e) => e.key)).toEqual(['section-2', 'copy-1', 'section-3']);
  });

  it('limits the older list to 2 minus the entries already shown (spec §9)', () => {
    const older = ['a', 'b', 'c', 'd'];
    expect(limitedOlder(older, 0)).toEqual(['a', 'b']);
    expect(limitedOlder(older, 1)).toEqual(['a']);
    expect(limitedOlder(older, 2)).toEqual([]);
    expect(limitedOlder(older, 7)).toEqual([]);
  });

  it('drops acknowledged alerts from every bucket', () => {
    const data: Alerts = {
      today: bucket([[1, '2025-03-10T08:00:00Z']], [[2, '2025-03-10T09:00:00Z', 'low_enrollment']]),
      yesterday: bucket([[3, '2025-03-09T08:00:00Z']], []),
      older: bucket([], [[4, '2025-03-01T08:00:00Z', 'ready_for_enrollment']]),
    };
    const left = withoutAlerts(data, { ids: [1, 3], sectionIds: [4] });
    expect(left.today.courseCopyStatuses).toEqual([]);
    expect(left.today.sections.map((s) => s.id)).toEqual([2]);
    expect(left.yesterday.courseCopyStatuses).toEqual([]);
    expect(left.older.sections).toEqual([]);
  });
});
