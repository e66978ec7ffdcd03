/**
 * Which calendar day is "today" for a question that spans institutions (docs/decisions/0008-today-rule.md):
 * an answer about an institution's own data (its offers, its pairings) follows that institution's day
 * (`todayInInstitution`, its time zone); what belongs to no single institution (a provider-wide file's
 * date stamp) follows the provider's zone, the server's TZ (`providerToday`). Nothing uses UTC's day.
 */
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { addDaysIso, localIsoDate } from '../../shared/validation';
import type { Db } from '../db/client';
import { institutions } from '../db/schema';
import { defaultTimeZone } from './institution-today';

/** Today (YYYY-MM-DD) of each institution, by id. */
export type Todays = ReadonlyMap<number, string>;

/** The day where no single institution decides: the provider's zone (TZ). */
export function providerToday(now: Date = new Date()): string {
  return localIsoDate(now, defaultTimeZone());
}

/** Each institution's today at `now`, in one query (an unknown id gets the provider's day). */
export async function todaysOf(db: Db, institutionIds: number[], now: Date = new Date()): Promise<Todays> {
  const ids = [...new Set(institutionIds)];
  const rows = ids.length
    ? await db
        .select({ id: institutions.id, timeZone: institutions.timeZone })
        .from(institutions)
        .where(inArray(institutions.id, ids))
    : [];
  const zones = new Map(rows.map((r) => [r.id, r.timeZone || defaultTimeZone()]));
  return new Map(ids.map((id) => [id, localIsoDate(now, zones.get(id) ?? defaultTimeZone())]));
}

/** One institution's day from `todays`; the provider's day for one not in it. */
export const todayOf = (todays: Todays, institutionId: number): string =>
  todays.get(institutionId) ?? providerToday();

/**
 * SQL of the day of the row's own institution (`column` holds its id), `addDays` later: a date each
 * row compares with its institution's calendar, however many institutions the query spans.
 */
export function todaySql(column: AnyColumn, todays: Todays, addDays = 0): SQL {
  const day = (d: string) => addDaysIso(d, addDays);
  if (todays.size === 0) return sql`${day(providerToday())}::date`;
  const whens = [...todays].map(([id, d]) => sql`when ${id} then ${day(d)}::date`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} else ${day(providerToday())}::date end)`;
}
