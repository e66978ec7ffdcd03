/**
 * Dates by library (dayjs), shared by the server and the web. Spec §9: dates read MM/DD/YYYY on every
 * screen whatever the language; a time beside a date is written in the app language.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** The one on-screen date format (spec §9). */
export const US_DATE_FORMAT = 'MM/DD/YYYY';
const ISO = 'YYYY-MM-DD';

/** An ISO day plus `months` calendar months; a day missing in the target month becomes its last day. */
export function addMonthsIso(iso: string, months: number): string {
  return dayjs.utc(iso, ISO, true).add(months, 'month').format(ISO);
}

/** "YYYY-MM-DD" → a Date at local midnight of that day (what a date picker holds); null for nothing. */
export function isoToPickerDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = dayjs(iso, ISO, true);
  return d.isValid() ? d.toDate() : null;
}

/** A picker's value (a Date, or Mantine's "YYYY-MM-DD" string) → "YYYY-MM-DD"; '' for nothing. */
export function pickerToIso(value: Date | string | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value.slice(0, 10);
  return dayjs(value).format(ISO);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The time of day of an instant in the app language (e.g. "9:49 PM", "21:49"), in `tz` or the viewer's zone. */
export function formatTime(value: string | Date, language: string, tz?: string): string {
  const key = `${language}|${tz ?? ''}`;
  let f = timeFormats.get(key);
  if (!f) {
    // a 24-hour language writes 03:49, a 12-hour one 3:49 AM
    const cycle = new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle;
    const hour = cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
    f = new Intl.DateTimeFormat(language, { hour, minute: '2-digit', timeZone: tz });
    timeFormats.set(key, f);
  }
  return f.format(new Date(value));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant as MM/DD/YYYY, in `tz` or the viewer's zone. */
export function formatInstantDay(value: string | Date, tz?: string): string {
  const key = tz ?? '';
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: tz });
    dayFormats.set(key, f);
  }
  return f.format(new Date(value));
}

/**
 * THE date-and-time text of an instant: "MM/DD/YYYY" then the time in the app language
 * ("11/26/2026 9:49 PM" in English, "11/26/2026 21:49" in French). Empty for nothing.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: string,
  tz?: string,
): string {
  if (!value) return '';
  return `${formatInstantDay(value, tz)} ${formatTime(value, language, tz)}`;
}

/** True for an IANA time zone name this runtime knows (e.g. "America/Chicago", "UTC"). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones an institution may choose (the runtime's list, UTC first). */
export function timeZoneNames(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}
