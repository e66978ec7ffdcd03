import { describe, expect, it } from 'vitest';
import { countAlerts } from './api';

const copy = (id: number) => ({
  id,
  sectionId: id,
  courseName: `Course ${id}`,
  sectionCode: null,
  createdDate: '2025-01-01T00:00:00Z',
  status: 'succeeded' as const,
});
const section = (id: number) => ({
  id,
  sectionId: id,
  title: `Course ${id}`,
  alertDate: '2025-01-01T00:00:00Z',
  alertType: 'low_enrollment',
});

describe('countAlerts (spec §9 bell count)', () => {
  it('sums copy statuses and sections over today, yesterday and older', () => {
    expect(
      countAlerts({
        today: { courseCopyStatuses: [copy(1), copy(2)], sections: [section(3)] },
        yesterday: { courseCopyStatuses: [], sections: [section(4)] },
        older: { courseCopyStatuses: [copy(5)], sections: [] },
      }),
    ).toBe(5);
  });

  it('is 0 without an answer or with missing buckets', () => {
    expect(countAlerts(null)).toBe(0);
    expect(countAlerts(undefined)).toBe(0);
    expect(countAlerts({ today: { courseCopyStatuses: [], sections: [] } })).toBe(0);
  });
});
