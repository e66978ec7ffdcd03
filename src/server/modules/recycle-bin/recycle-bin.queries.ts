import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recycleBin, users } from '../../db/schema';
import { type BinRow, INTERNAL_GROUP_BIN } from './recycle-bin.kinds';

/**
 * One page of an institution's entries of the given kinds, plus the entries of no institution
 * (INTERNAL_GROUP_BIN) of `internalKinds`, most recent removal first (keyset on id).
 */
export async function binPage(
  db: Db,
  institutionId: number,
  kinds: string[],
  internalKinds: string[],
  beforeId: number | undefined,
  limit: number,
) {
  const scopes: SQL[] = [];
  if (kinds.length > 0) {
    scopes.push(and(eq(recycleBin.institutionId, institutionId), inArray(recycleBin.kind, kinds))!);
  }
  if (internalKinds.length > 0) {
    scopes.push(
      and(eq(recycleBin.institutionId, INTERNAL_GROUP_BIN), inArray(recycleBin.kind, internalKinds))!,
    );
  }
  return db
    .select({
      id: recycleBin.id,
      kind: recycleBin.kind,
      entityId: recycleBin.entityId,
      name: recycleBin.name,
      removedBy: recycleBin.removedBy,
      removedAt: recycleBin.removedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(recycleBin)
    .leftJoin(users, eq(users.id, recycleBin.removedBy))
    .where(and(or(...scopes), beforeId === undefined ? undefined : lt(recycleBin.id, beforeId)))
    .orderBy(desc(recycleBin.id))
    .limit(limit);
}

/** The entry, when it is the institution's or one of no institution of `internalKinds` (shown in every bin). */
export async function findEntry(
  db: Db,
  institutionId: number,
  id: number,
  internalKinds: string[],
): Promise<BinRow | undefined> {
  const [row] = await db
    .select()
    .from(recycleBin)
    .where(
      and(
        eq(recycleBin.id, id),
        or(
          eq(recycleBin.institutionId, institutionId),
          and(eq(recycleBin.institutionId, INTERNAL_GROUP_BIN), inArray(recycleBin.kind, internalKinds)),
        ),
      ),
    );
  return row;
}

/** Takes the entry out of the bin (inside the restore's transaction): undefined when another restore took it. */
export async function takeEntry(db: Db, id: number): Promise<BinRow | undefined> {
  const [row] = await db.delete(recycleBin).where(eq(recycleBin.id, id)).returning();
  return row;
}

/** Entries removed before `cutoff`, deleted; returns what was purged. */
export async function purgeBefore(db: Db, cutoff: Date) {
  return db.delete(recycleBin).where(lt(recycleBin.removedAt, cutoff)).returning({
    id: recycleBin.id,
    kind: recycleBin.kind,
    entityId: recycleBin.entityId,
    institutionId: recycleBin.institutionId,
    name: recycleBin.name,
  });
}
