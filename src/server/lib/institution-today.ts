/**
 * "Today" of an institution: the calendar day in its time zone (`institutions.time_zone`, else the
 * server's, from TZ). Periods (past/current/future), offers and deadlines ask this, so a provider serving
 * several regions puts each institution's courses in its own day near midnight.
 */
import { eq } from 'drizzle-orm';
import { localIsoDate } from '../../shared/validation';
import type { Db } from '../db/client';
import { institutions } from '../db/schema';

/** The server's own zone: TZ when set, else the runtime's. */
export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The institution's effective zone (its own, else the server's); the server's for an unknown id. */
export async function institutionTimeZone(db: Db, institutionId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: institutions.timeZone })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row?.timeZone || defaultTimeZone();
}

/** THE "today in this institution" (YYYY-MM-DD) at `now`. */
export async function todayInInstitution(
  db: Db,
  institutionId: number,
  now: Date = new Date(),
): Promise<string> {
  return localIsoDate(now, await institutionTimeZone(db, institutionId));
}
