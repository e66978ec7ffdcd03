import { describe, expect, it } from 'vitest';
import { alertBucket } from './contract/alerts';
import { coursePeriodOf } from './status';
import {
  addDaysIso,
  COURSE_NAME_MAX,
  censusDate,
  courseDurationDays,
  courseNameAtLimit,
  formatUsDate,
  isValidEmail,
  localIsoDate,
  parseUsDate,
  toIsoDate,
  validateCensusDuration,
  validateCourseDates,
  validateCourseName,
  validateCustomCourseId,
  validateFreeAccessDuration,
  validateRoleName,
  validateSixMonthRange,
  validInstitutionCensusDuration,
  VALIDATION_TEXT,
} from './validation';

describe('dates (MM/DD/YYYY)', () => {
  it('parses real dates only', () => {
    expect(parseUsDate('03/09/2026')).toBe('2026-03-09');
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/29/2025')).toBeNull();
    expect(parseUsDate('13/01/2026')).toBeNull();
    expect(parseUsDate('3/9/2026')).toBeNull();
    expect(parseUsDate('2026-03-09')).toBeNull();
    expect(toIsoDate('2026-03-09')).toBe('2026-03-09');
  });
  it('formats ISO dates as MM/DD/YYYY', () => {
    expect(formatUsDate('2026-03-09')).toBe('03/09/2026');
    expect(formatUsDate(null)).toBe('');
  });
  it('course duration is the day difference plus 1; census is start + duration, not set at -1', () => {
    expect(courseDurationDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(courseDurationDays('2026-01-12', '2026-05-03')).toBe(112);
    expect(censusDate('2026-01-12', 21)).toBe('2026-02-02');
    expect(censusDate('2026-01-12', 0)).toBe('2026-01-12');
    expect(censusDate('2026-01-12', -1)).toBeNull();
  });
});

describe('course rules (spec §5)', () => {
  it('requires both dates, a real format, and an end after the start', () => {
    expect(validateCourseDates('', '')).toEqual({
      startDate: 'startDateRequired',
      endDate: 'endDateRequired',
    });
    expect(validateCourseDates('01/32/2026', '2026-02-01')).toEqual({ startDate: 'dateFormat' });
    expect(validateCourseDates('02/01/2026', '02/01/2026')).toEqual({ endDate: 'endBeforeStart' });
    expect(validateCourseDates('02/01/2026', '01/01/2026')).toEqual({ endDate: 'endBeforeStart' });
    expect(validateCourseDates('02/01/2026', '02/02/2026')).toEqual({});
  });
  it('prompts for the name and stops at the limit', () => {
    expect(VALIDATION_TEXT[validateCourseName('  ')!]).toBe('Enter the name for the course');
    expect(VALIDATION_TEXT[validateCourseName('x'.repeat(COURSE_NAME_MAX + 1))!]).toBe(
      'Maximum characters reached.',
    );
    expect(validateCourseName('x'.repeat(COURSE_NAME_MAX))).toBeNull();
    expect(courseNameAtLimit('x'.repeat(COURSE_NAME_MAX))).toBe(true);
    expect(courseNameAtLimit('x')).toBe(false);
  });
  it('limits the custom course id to 73 characters of a canvas or blackboard course', () => {
    expect(validateCustomCourseId('', null)).toEqual({});
    expect(validateCustomCourseId('x'.repeat(73), 'canvas')).toEqual({});
    expect(validateCustomCourseId('x'.repeat(74), 'blackboard')).toEqual({
      customCourseId: 'customCourseIdMax',
    });
    expect(validateCustomCourseId('abc', 'moodle')).toEqual({ lmsKind: 'lmsKind' });
    expect(validateCustomCourseId('abc', null)).toEqual({ lmsKind: 'lmsKindRequired' });
  });
});

describe('durations, ranges, users and roles', () => {
  it('institution census: -1 or 1..365', () => {
    expect([-1, 1, 365].every(validInstitutionCensusDuration)).toBe(true);
    expect([0, 366, -2, 1.5].some(validInstitutionCensusDuration)).toBe(false);
  });
  it('product census and free access durations', () => {
    expect(validateCensusDuration('30', '7')).toBeNull();
    expect(validateCensusDuration('3 0')).toBe('durationNumber');
    expect(validateCensusDuration('1.5')).toBe('durationNumber');
    expect(validateCensusDuration('0')).toBe('durationRange');
    expect(validateCensusDuration('366')).toBe('durationRange');
    expect(validateCensusDuration('7', '7')).toBe('censusNotAboveFree');
    expect(validateFreeAccessDuration('0', '30')).toBeNull();
    expect(validateFreeAccessDuration('-1')).toBe('durationNumber');
    expect(validateFreeAccessDuration('31', '30')).toBe('freeAboveCensus');
  });
  it('product date range of six months or less', () => {
    expect(validateSixMonthRange('2026-01-15', '2026-07-15')).toBeNull();
    expect(validateSixMonthRange('2026-01-15', '2026-07-16')).toBe('dateRangeSixMonths');
  });
  it('email and role name', () => {
    expect(isValidEmail('a@b.edu')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(validateRoleName(' ')).toBe('roleNameBlank');
  });
});

describe('one calendar-day rule near midnight', () => {
  // 23:30 on 2026-11-23 in New York is already 04:30 on the 24th in UTC
  const lateEvening = new Date('2026-11-24T04:30:00Z');
  const zone = 'America/New_York';

  it('names the day of the zone, not the UTC day', () => {
    expect(localIsoDate(lateEvening, zone)).toBe('2026-11-23');
    expect(localIsoDate(lateEvening, 'UTC')).toBe('2026-11-24');
  });

  it('alert buckets and course periods agree at 23:30 local time', () => {
    const today = localIsoDate(lateEvening, zone);
    // a section that ends "today" is still current, and an alert from this evening is today's
    expect(coursePeriodOf('2026-09-01', today, today)).toBe('current');
    expect(alertBucket(new Date('2026-11-24T00:00:00Z'), lateEvening, zone)).toBe('today');
    expect(alertBucket(new Date('2026-11-23T04:00:00Z'), lateEvening, zone)).toBe('yesterday');
    expect(coursePeriodOf('2026-09-01', addDaysIso(today, -1), today)).toBe('past');
  });

  it('turns the day at local midnight when asked within the same minute and then the next', () => {
    // Kathmandu is UTC+05:45: its midnight falls at 18:15 UTC
    expect(localIsoDate(new Date('2026-11-23T18:14:00Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(localIsoDate(new Date('2026-11-23T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(localIsoDate(new Date('2026-11-23T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-11-24');
    expect(localIsoDate(new Date('2026-11-23T18:14:30Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(localIsoDate(new Date('2026-11-23T18:14:30Z'), zone)).toBe('2026-11-23');
  });

  it('follows the runtime zone when none is named (the server, the fixtures)', () => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(localIsoDate(lateEvening)).toBe('2026-11-23');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
