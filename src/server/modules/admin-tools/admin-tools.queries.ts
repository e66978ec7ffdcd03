import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema';

export async function institutionSettings(db: Db, institutionId: number) {
  const [row] = await db
    .select({
      censusDuration: institutions.censusDuration,
      offerType: institutions.offerType,
      orgInclusiveId: institutions.orgInclusiveId,
      inclusiveAccess: institutions.inclusiveAccess,
      timeZone: institutions.timeZone,
      version: institutions.version,
    })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row;
}

export type InstitutionSettings = Pick<
  typeof institutions.$inferInsert,
  'censusDuration' | 'offerType' | 'orgInclusiveId' | 'inclusiveAccess' | 'timeZone'
>;

/** Saves the settings if the version still matches; false on a stale version. */
export async function saveSettingsIfVersion(
  db: Db,
  institutionId: number,
  version: number,
  values: InstitutionSettings,
) {
  const rows = await db
    .update(institutions)
    .set({ ...values, version: sql`${institutions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(institutions.id, institutionId), eq(institutions.version, version)))
    .returning({ id: institutions.id });
  return rows.length > 0;
}
