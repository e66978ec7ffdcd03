import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { groups } from './schema';

/** Creates the environment's internal-user group if missing; returns its id. */
export async function ensureInternalGroup(db: Db, internalGroupId: string): Promise<number> {
  await db
    .insert(groups)
    .values({
      name: 'Internal Users',
      externalId: internalGroupId,
      isInternal: true,
      contextId: null,
      permissions: [],
    })
    .onConflictDoNothing({ target: groups.externalId });
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.externalId, internalGroupId));
  return row.id;
}
