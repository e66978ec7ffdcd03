/**
 * Validation rules of spec §5, shared by the server (422 answers) and the web (form messages).
 * Rules return message codes; the web shows `validation.<code>` through i18n, the server sends
 * the English text of `VALIDATION_TEXT`.
 */
import {
  CENSUS_NOT_SET,
  CUSTOM_COURSE_ID_MAX,
  CUSTOM_COURSE_LMS_KINDS,
  DURATION_MAX,
  DURATION_MIN,
} from './constants';
import { addMonthsIso } from './dates';

// ---------------------------------------------------------------------------------------------
// Field limits of a course

export const COURSE_NAME_MAX = 100;
export const COURSE_DESCRIPTION_MAX = 1000;
export const SECTION_CODE_MAX = 50;
export const ORG_INCLUSIVE_ID_MAX = 50;
/** Opt-out files: at most this many bytes and data rows. */
export const OPT_OUT_FILE_MAX_BYTES = 1024 * 1024;
export const OPT_OUT_FILE_MAX_ROWS = 10_000;
/** Content types an opt-out upload may declare (spec §5). */
export const OPT_OUT_CONTENT_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;

export const VALIDATION_TEXT = {
  required: 'This field is required.',
  courseNameRequired: 'Enter the name for the course',
  courseNameMax: 'Maximum characters reached.',
  startDateRequired: 'Start date is required.',
  endDateRequired: 'End date is required.',
  dateFormat: 'Enter the date as MM/DD/YYYY.',
  endBeforeStart: 'End date must be greater than start date.',
  customCourseIdMax: 'The custom course id may have at most 73 characters.',
  lmsKind: 'The LMS must be canvas or blackboard.',
  lmsKindRequired: 'Choose the LMS of the custom course id.',
  censusDuration: 'Census duration must be -1 (not set) or a whole number from 1 to 365.',
  durationNumber: 'Enter a valid number without special characters, decimals or spaces.',
  durationRange: 'Enter a number from 1 to 365.',
  freeAccessRange: 'Enter a number from 0 to 365.',
  censusNotAboveFree: 'Census Duration must be greater than Free Access Duration.',
  freeAboveCensus: 'Free Access Duration must not be greater than Census Duration.',
  dateRangeSixMonths: 'Please select date ranges less than or equal to six months.',
  roleNameBlank: 'Role name should not be blank.',
  emailInvalid: 'Enter a valid email address.',
  institutionRequired: 'Choose an institution first.',
} as const;
export type ValidationCode = keyof typeof VALIDATION_TEXT;

// ---------------------------------------------------------------------------------------------
// Dates: MM/DD/YYYY on screen, ISO YYYY-MM-DD on the wire and in the database

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "MM/DD/YYYY" → "YYYY-MM-DD", or null when it is not a real calendar date in that format. */
export function parseUsDate(value: string): string | null {
  const m = US_DATE.exec(value.trim());
  if (!m) return null;
  const [mm, dd, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDate(yyyy, mm, dd) ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return !!m && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Accepts MM/DD/YYYY or YYYY-MM-DD; returns ISO or null. */
export function toIsoDate(value: string): string | null {
  const v = value.trim();
  if (isIsoDate(v)) return v;
  return parseUsDate(v);
}

/** "YYYY-MM-DD" (or a Date / timestamp string) → "MM/DD/YYYY"; empty for nothing. */
export function formatUsDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const iso =
    typeof value === 'string' && ISO_DATE.test(value.slice(0, 10)) && value.length <= 10
      ? value
      : localIsoDate(new Date(value));
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Per zone, the day of the last minute asked: zones move by whole minutes, so a minute has one day. */
const lastDays = new Map<string, { minute: number; day: string }>();
/**
 * THE rule for "which day is it": the calendar day (YYYY-MM-DD) of an instant in a time zone, by default
 * the runtime's own. Period boundaries (past/current/future), copy validation, alert buckets and test
 * fixtures all ask this one function, so near midnight they cannot disagree.
 */
export function localIsoDate(date: Date = new Date(), tz?: string): string {
  if (!tz) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  const minute = Math.floor(date.getTime() / 60_000);
  const last = lastDays.get(tz);
  if (last?.minute === minute) return last.day;
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(tz, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number.isFinite(minute)) lastDays.set(tz, { minute, day });
  return day;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** Days from `a` to `b` (ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round(dayNumber(b) - dayNumber(a));
}

export function addDaysIso(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Spec §5: course duration is the day difference plus 1. */
export function courseDurationDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1;
}

/** Census date = start + censusDuration days; null ("not set") when the duration is -1. */
export function censusDate(startDate: string, censusDuration: number): string | null {
  if (censusDuration === CENSUS_NOT_SET || censusDuration < 0) return null;
  return addDaysIso(startDate, censusDuration);
}

// ---------------------------------------------------------------------------------------------
// Course fields

export type FieldErrors<K extends string> = Partial<Record<K, ValidationCode>>;

/**
 * Start and end dates as typed (MM/DD/YYYY, or ISO): both required, real dates, end after start.
 */
export function validateCourseDates(start: string | null | undefined, end: string | null | undefined) {
  const errors: FieldErrors<'startDate' | 'endDate'> = {};
  const s = start?.trim() ? toIsoDate(start) : null;
  const e = end?.trim() ? toIsoDate(end) : null;
  if (!start?.trim()) errors.startDate = 'startDateRequired';
  else if (!s) errors.startDate = 'dateFormat';
  if (!end?.trim()) errors.endDate = 'endDateRequired';
  else if (!e) errors.endDate = 'dateFormat';
  if (s && e && e <= s) errors.endDate = 'endBeforeStart';
  return errors;
}

export function validateCourseName(name: string | null | undefined): ValidationCode | null {
  const v = name?.trim() ?? '';
  if (!v) return 'courseNameRequired';
  if (v.length > COURSE_NAME_MAX) return 'courseNameMax';
  return null;
}

/** Whether the "Maximum characters reached." hint shows while typing (at the limit). */
export function courseNameAtLimit(name: string): boolean {
  return name.length >= COURSE_NAME_MAX;
}

export type CustomCourseLmsKind = (typeof CUSTOM_COURSE_LMS_KINDS)[number];
export function isCustomCourseLmsKind(kind: unknown): kind is CustomCourseLmsKind {
  return typeof kind === 'string' && (CUSTOM_COURSE_LMS_KINDS as readonly string[]).includes(kind);
}

/** Custom course id: optional; at most 73 characters; needs an LMS kind of canvas or blackboard. */
export function validateCustomCourseId(id: string | null | undefined, kind: string | null | undefined) {
  const errors: FieldErrors<'customCourseId' | 'lmsKind'> = {};
  const v = id?.trim() ?? '';
  if (!v) {
    if (kind && !isCustomCourseLmsKind(kind)) errors.lmsKind = 'lmsKind';
    return errors;
  }
  if (v.length > CUSTOM_COURSE_ID_MAX) errors.customCourseId = 'customCourseIdMax';
  if (!kind) errors.lmsKind = 'lmsKindRequired';
  else if (!isCustomCourseLmsKind(kind)) errors.lmsKind = 'lmsKind';
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Institution settings (admin tools)

/** Institution census duration: -1 (not set) or a whole number 1..365. */
export function validInstitutionCensusDuration(value: number): boolean {
  return (
    Number.isInteger(value) && (value === CENSUS_NOT_SET || (value >= DURATION_MIN && value <= DURATION_MAX))
  );
}

// ---------------------------------------------------------------------------------------------
// Products: census and free-access durations, date range

const WHOLE = /^\d+$/;

/** Census Duration as typed: a whole number 1..365, and above Free Access Duration when that is valid. */
export function validateCensusDuration(census: string, freeAccess?: string): ValidationCode | null {
  if (!WHOLE.test(census)) return 'durationNumber';
  const n = Number(census);
  if (n < DURATION_MIN || n > DURATION_MAX) return 'durationRange';
  if (freeAccess !== undefined && WHOLE.test(freeAccess) && n <= Number(freeAccess))
    return 'censusNotAboveFree';
  return null;
}

/** Free Access Duration as typed: a whole number 0..365, never above Census Duration. */
export function validateFreeAccessDuration(freeAccess: string, census?: string): ValidationCode | null {
  if (!WHOLE.test(freeAccess)) return 'durationNumber';
  const n = Number(freeAccess);
  if (n < 0 || n > DURATION_MAX) return 'freeAccessRange';
  if (census !== undefined && WHOLE.test(census) && n > Number(census)) return 'freeAboveCensus';
  return null;
}

/** Product date range: six months or less (ISO dates), by calendar months: 08/31 → 02/28 or 02/29. */
export function validateSixMonthRange(from: string, to: string): ValidationCode | null {
  return to > addMonthsIso(from, 6) ? 'dateRangeSixMonths' : null;
}

// ---------------------------------------------------------------------------------------------
// Users and roles

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateRoleName(name: string): ValidationCode | null {
  return name.trim() ? null : 'roleNameBlank';
}
