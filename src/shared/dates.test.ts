import { describe, expect, it } from 'vitest';
import { addMonthsIso, formatDateTime, formatTime, isoToPickerDate, pickerToIso } from './dates';
import { validateSixMonthRange } from './validation';

describe('six months or less, by calendar months', () => {
  it('a month end maps to the last day of the sixth month, not into the seventh', () => {
    expect(addMonthsIso('2026-08-31', 6)).toBe('2027-02-28');
    expect(validateSixMonthRange('2026-08-31', '2027-02-28')).toBeNull();
    expect(validateSixMonthRange('2026-08-31', '2027-03-01')).toBe('dateRangeSixMonths');
    expect(validateSixMonthRange('2026-08-31', '2027-03-03')).toBe('dateRangeSixMonths');
  });
  it('leap years: February 29 exists in 2028, not in 2027', () => {
    expect(addMonthsIso('2027-08-31', 6)).toBe('2028-02-29');
    expect(validateSixMonthRange('2027-08-31', '2028-02-29')).toBeNull();
    expect(validateSixMonthRange('2027-08-31', '2028-03-01')).toBe('dateRangeSixMonths');
    expect(addMonthsIso('2028-02-29', 6)).toBe('2028-08-29');
    expect(validateSixMonthRange('2028-02-29', '2028-08-30')).toBe('dateRangeSixMonths');
  });
  it('ordinary days and year ends', () => {
    expect(validateSixMonthRange('2026-01-15', '2026-07-15')).toBeNull();
    expect(validateSixMonthRange('2026-01-15', '2026-07-16')).toBe('dateRangeSixMonths');
    expect(addMonthsIso('2026-12-31', 6)).toBe('2027-06-30');
    expect(addMonthsIso('2026-07-31', 6)).toBe('2027-01-31');
  });
});

describe('date and time text', () => {
  const at = '2026-11-27T02:49:00Z';
  it('MM/DD/YYYY whatever the language, the time in the app language', () => {
    expect(formatDateTime(at, 'en', 'America/Chicago')).toBe('11/26/2026 8:49 PM');
    expect(formatDateTime(at, 'fr', 'America/Chicago')).toBe('11/26/2026 20:49');
    expect(formatDateTime(at, 'zh', 'America/Chicago')).toMatch(/^11\/26\/2026 \S*20:49$/);
    expect(formatDateTime(at, 'fr', 'Europe/Paris')).toBe('11/27/2026 03:49');
    expect(formatTime(at, 'en', 'UTC')).toBe('2:49 AM');
    expect(formatDateTime(null, 'en')).toBe('');
  });
  it('picker values round-trip as ISO days', () => {
    expect(pickerToIso(isoToPickerDate('2028-02-29'))).toBe('2028-02-29');
    expect(pickerToIso('2026-03-15')).toBe('2026-03-15');
    expect(isoToPickerDate('')).toBeNull();
  });
});
