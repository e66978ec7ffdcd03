import { describe, expect, it } from 'vitest';
import { type BillableInput, billable, optModelOf, optWindow, todayFor } from './ia.rules';

const now = new Date('2026-09-20T12:00:00Z');
const base: BillableInput = {
  courseRole: 'student',
  onInstructorList: false,
  optModel: 'optOut',
  optStatus: 'optin',
  optDecided: false,
  droppedOn: null,
  censusDate: '2026-09-15',
  accessType: 'PAID',
  accessEndsAt: new Date('2026-12-20T00:00:00Z'),
  currentAccess: 'Institution_Paid',
};
const day = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('billable: one rule with a reason', () => {
  it.each<[string, Partial<BillableInput>, boolean, string]>([
    ['opted in by default (opt-out model)', {}, true, 'billable'],
    ['an instructor on the roster', { courseRole: 'instructor' }, false, 'staff'],
    ['a TA on the roster', { courseRole: 'ta' }, false, 'staff'],
    ['a student who is on the instructor list', { onInstructorList: true }, false, 'staff'],
    ['no inclusive offer', { optModel: 'none' }, false, 'notInclusive'],
    ['dropped before census', { droppedOn: '2026-09-10' }, false, 'droppedBeforeCensus'],
    ['dropped on census day', { droppedOn: '2026-09-15' }, true, 'droppedAfterCensus'],
    ['dropped after census', { droppedOn: '2026-09-18' }, true, 'droppedAfterCensus'],
    ['opted out', { optStatus: 'optout' }, false, 'optedOut'],
    ['opt-in model, undecided', { optModel: 'optIn' }, false, 'notOptedIn'],
    ['opt-in model, opted in', { optModel: 'optIn', optDecided: true }, true, 'billable'],
    [
      'opt-in model, opted out',
      { optModel: 'optIn', optDecided: true, optStatus: 'optout' },
      false,
      'notOptedIn',
    ],
    ['provider paid', { currentAccess: 'Provider_Paid' }, false, 'providerPaid'],
    ['14 day trial still running', { accessType: 'TEMP', accessEndsAt: day(3) }, false, 'trialRunning'],
    ['14 day trial ended', { accessType: 'TEMP', accessEndsAt: day(-1) }, false, 'accessExpired'],
    [
      'paid access ended before census',
      { accessEndsAt: new Date('2026-09-01T12:00:00') },
      false,
      'accessExpired',
    ],
    ['paid access ended after census (course over)', { accessEndsAt: day(-2) }, true, 'billable'],
    ['paid access without end', { accessEndsAt: null }, true, 'billable'],
  ])('%s', (_name, change, isBillable, reason) => {
    expect(billable({ ...base, ...change }, now)).toEqual({ billable: isBillable, reason });
  });
});

describe('opt model and window', () => {
  it('maps the offer types', () => {
    expect(optModelOf('INCLUSIVE_ACCESS')).toBe('optOut');
    expect(optModelOf('EQUITABLE_ACCESS')).toBe('optOut');
    expect(optModelOf('OPT_IN')).toBe('optIn');
    expect(optModelOf('DIRECT_TO_STUDENT')).toBe('none');
    expect(optModelOf(null)).toBe('none');
  });

  it('is open before census, locked at and after it; the course census wins over the institution', () => {
    const inst = { censusDuration: 30, offerType: 'INCLUSIVE_ACCESS' };
    const c = { startDate: '2026-09-01', censusDuration: 14 };
    expect(optWindow(c, inst, '2026-09-14')).toEqual({
      optModel: 'optOut',
      censusDate: '2026-09-15',
      daysLeft: 1,
      locked: false,
    });
    expect(optWindow(c, inst, '2026-09-15')).toMatchObject({ daysLeft: 0, locked: true });
    expect(optWindow(c, inst, '2026-09-20')).toMatchObject({ daysLeft: -5, locked: true });
    expect(optWindow({ ...c, censusDuration: -1 }, inst, '2026-09-20')).toMatchObject({
      censusDate: '2026-10-01',
      locked: false,
    });
    expect(optWindow({ ...c, censusDuration: -1 }, { ...inst, censusDuration: -1 }, '2027-01-01')).toEqual({
      optModel: 'optOut',
      censusDate: null,
      daysLeft: null,
      locked: false,
    });
  });

  it('"today" of an institution follows its time zone when it has one', () => {
    const late = new Date('2026-09-15T02:30:00Z'); // still 14 September in Los Angeles
    expect(todayFor({ timeZone: 'America/Los_Angeles' }, late)).toBe('2026-09-14');
    expect(todayFor({ timeZone: 'Asia/Shanghai' }, late)).toBe('2026-09-15');
  });
});
