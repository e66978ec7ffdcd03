import { describe, expect, it } from 'vitest';
import {
  accessDisplay,
  accessDisplayText,
  billingStatus,
  copyStatusSeverity,
  COPY_STATUSES,
  coursePeriodOf,
  CURRENT_ACCESS_TEXT,
  currentAccessDisplay,
  currentAccessKey,
  PROVIDER_NAME,
  offerStatusDisplay,
  OFFER_STATUS_TEXT,
  optStatusText,
  parseOptStatus,
} from './status';

const now = new Date('2026-03-10T12:00:00Z');

describe('access display (spec §4)', () => {
  it('PAID not yet ended shows Paid, TEMP not yet ended shows 14 day trial', () => {
    expect(accessDisplayText({ type: 'PAID', endsAt: '2026-06-01T00:00:00Z' }, now)).toBe('Paid');
    expect(accessDisplayText({ type: 'TEMP', endsAt: '2026-03-20T00:00:00Z' }, now)).toBe('14 day trial');
  });
  it('an ended access shows Expired, whatever its type', () => {
    expect(accessDisplayText({ type: 'PAID', endsAt: '2026-03-01T00:00:00Z' }, now)).toBe('Expired');
    expect(accessDisplayText({ type: 'TEMP', endsAt: new Date('2026-03-10T12:00:00Z') }, now)).toBe(
      'Expired',
    );
  });
  it('an access without an end has not ended', () => {
    expect(accessDisplay({ type: 'PAID', endsAt: null }, now)).toBe('paid');
    expect(accessDisplay({ type: 'OTHER', endsAt: null }, now)).toBeNull();
  });
});

describe('current access, offer status, opt status', () => {
  it('shows NA for null and the value otherwise', () => {
    expect(currentAccessDisplay(null)).toBe('NA');
    expect(currentAccessDisplay('Institution_Paid')).toBe('Institution_Paid');
    expect(currentAccessDisplay('Provider_Paid')).toBe('Provider_Paid');
    expect(currentAccessDisplay('Not_Paid')).toBe('Not_Paid');
  });
  it('labels current access values (spec §4): the provider-paid label carries the provider name', () => {
    const label = (v: string | null) => {
      const key = currentAccessKey(v);
      return key ? CURRENT_ACCESS_TEXT[key] : v;
    };
    expect(['Not_Paid', 'Institution_Paid', 'Provider_Paid', null, '', 'Other'].map(label)).toEqual([
      'Not paid',
      'Institution paid',
      `${PROVIDER_NAME} paid`,
      'NA',
      'NA',
      'Other',
    ]);
  });
  it('maps offer statuses', () => {
    const text = (s: string) => OFFER_STATUS_TEXT[offerStatusDisplay(s)];
    expect(['APPROVED', 'NEW', 'REJECTED', 'EXPIRED', 'SUBMITTED', ''].map(text)).toEqual([
      'Active',
      'Active',
      'Inactive',
      'Expired',
      'Pending',
      'Pending',
    ]);
  });
  it('maps opt statuses and reads what people write', () => {
    expect(optStatusText('optin')).toBe('Opted in');
    expect(optStatusText('optout')).toBe('Opted out');
    expect(['optout', 'Opted out', 'OPT-OUT', 'Opt Out'].map(parseOptStatus)).toEqual(
      Array(4).fill('optout'),
    );
    expect(['optin', 'Opted In', 'opt-in'].map(parseOptStatus)).toEqual(Array(3).fill('optin'));
    expect(parseOptStatus('maybe')).toBeNull();
  });
});

describe('copy status severity', () => {
  it('shows info for the first four and error for the failures', () => {
    expect(COPY_STATUSES.map(copyStatusSeverity)).toEqual(['info', 'info', 'info', 'info', 'error', 'error']);
  });
});

describe('billing status and period', () => {
  it('bills institution-paid access after census', () => {
    expect(billingStatus('INCLUSIVE_ACCESS', '2026-03-01', '2026-03-10')).toBe('billed');
    expect(billingStatus('EQUITABLE_ACCESS', '2026-03-11', '2026-03-10')).toBe('pendingCensus');
    expect(billingStatus('INCLUSIVE_ACCESS', null, '2026-03-10')).toBe('censusNotSet');
    expect(billingStatus('DIRECT_TO_STUDENT', '2026-03-01', '2026-03-10')).toBe('studentPaid');
    expect(billingStatus(null, null, '2026-03-10')).toBe('studentPaid');
  });
  it('derives the period from the dates', () => {
    expect(coursePeriodOf('2026-01-01', '2026-03-10', '2026-03-10')).toBe('current');
    expect(coursePeriodOf('2026-03-11', '2026-06-01', '2026-03-10')).toBe('future');
    expect(coursePeriodOf('2025-09-01', '2026-03-09', '2026-03-10')).toBe('past');
  });
});
