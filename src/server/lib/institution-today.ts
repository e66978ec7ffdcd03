/**
 * "Today" of an institution: the calendar day in its time zone (`institutions.time_zone`, else the
 * server's, from TZ). Periods (past/current/future), offers and deadlines ask this, so a provider serving
 * several regions puts each institution's courses in its own day near midnight.
 */
import { eq, sql } from 'drizzle-orm';
import { localIsoDate } from '../../shared/validation';
import type { Db } from '../db/client';
import { institutions } from '../db/schema';

let runtimeZone: { tz: string | undefined; zone: string } | undefined;
/** The server's own zone: TZ when set, else the runtime's (asked again only when TZ changes: costly). */
export function defaultTimeZone(): string {
  const tz = process.env.TZ;
  if (!runtimeZone || runtimeZone.tz !== tz) {
    runtimeZone = { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
  }
  return runtimeZone.zone;
}

/** Asked by every request that shows periods: built by Drizzle once per database and prepared. */
function prepareTimeZone(db: Db) {
  return db
    .select({ timeZone: institutions.timeZone })
    .from(institutions)
    .where(eq(institutions.id, sql.placeholder('id')))
    .prepare('institution_time_zone');
}
const timeZoneStatements = new WeakMap<Db, ReturnType<typeof prepareTimeZone>>();

/** The institution's effective zone (its own, else the server's); the server's for an unknown id. */
export async function institutionTimeZone(db: Db, institutionId: number): Promise<string> {
  let statement = timeZoneStatements.get(db);
  if (!statement) {
    statement = prepareTimeZone(db);
    timeZoneStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id: institutionId });
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
