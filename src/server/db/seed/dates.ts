const DAY_MS = 86_400_000;

/** A calendar day as a UTC-midnight timestamp; `today` is the local calendar day. */
export type Day = number;

export function localToday(now = new Date()): Day {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

export function addDays(day: Day, days: number): Day {
  return day + days * DAY_MS;
}

/** YYYY-MM-DD, the form of a `date` column. */
export function isoDate(day: Day): string {
  return new Date(day).toISOString().slice(0, 10);
}

/** A timestamp `days` days (may be fractional or negative) from `now`. */
export function shiftTime(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The day as a timestamp at local noon-ish, for created-at style columns. */
export function dayToTime(day: Day, hour = 12): Date {
  return new Date(day + hour * 3_600_000);
}

export type AlertBucket = 'today' | 'yesterday' | 'older';

/**
 * A moment that falls, in the server's time zone, today (shortly before now), yesterday, or
 * two to twenty-five days ago.
 */
export function bucketTime(now: Date, bucket: AlertBucket, pick: (min: number, max: number) => number): Date {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (bucket === 'today') return new Date(Math.max(midnight + 60_000, now.getTime() - pick(5, 180) * 60_000));
  if (bucket === 'yesterday') return new Date(midnight - pick(2, 20) * 3_600_000);
  return new Date(midnight - pick(2, 25) * DAY_MS - pick(1, 12) * 3_600_000);
}
