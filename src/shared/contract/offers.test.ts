import { describe, expect, it } from 'vitest';
import { OFFER_EXPIRING_DAYS, offerExpiresSoon } from './offers';

describe('offerExpiresSoon', () => {
  const today = '2026-11-23';
  const at = (endsOn: string | null, statusDisplay = 'active') =>
    offerExpiresSoon({ endsOn, statusDisplay }, today);

  it('marks Active or Pending offers ending from today to 30 days on', () => {
    expect(OFFER_EXPIRING_DAYS).toBe(30);
    expect(at('2026-11-23')).toBe(true);
    expect(at('2026-12-23')).toBe(true);
    expect(at('2026-12-23', 'pending')).toBe(true);
  });

  it('leaves ended, later, open-ended, inactive and expired offers unmarked', () => {
    expect(at('2026-11-22')).toBe(false);
    expect(at('2026-12-24')).toBe(false);
    expect(at(null)).toBe(false);
    expect(at('2026-11-30', 'inactive')).toBe(false);
    expect(at('2026-11-30', 'expired')).toBe(false);
  });
});
