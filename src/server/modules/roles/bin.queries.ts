import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, memberships, users } from '../../db/schema';

/** The rows a restore of a role or of a role's member reads and writes. */

export async function roleNameTaken(db: Db, institutionId: number, name: string) {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.contextId, institutionId), sql`lower(${groups.name}) = lower(${name})`))
    .limit(1);
  return rows.length > 0;
}

export async function groupExists(db: Db, id: number) {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  return rows.length > 0;
}

export async function insertGroupRow(db: Db, row: typeof groups.$inferInsert) {
  await db.insert(groups).values(row);
}

export async function existingUserIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Removes the user's membership of `groupId`; false when they do not hold it (any more). */
export async function dropMembership(db: Db, groupId: number, userId: number) {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

export async function insertMemberRow(db: Db, row: typeof groupMembers.$inferInsert) {
  await db.insert(groupMembers).values(row).onConflictDoNothing();
}

// ---- memberships

export async function groupRow(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function isGroupMember(db: Db, groupId: number, userId: number) {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows.length > 0;
}

/** A role of the institution other than `exceptGroupId` that the user holds now. */
export async function otherRoleOf(db: Db, institutionId: number, userId: number, exceptGroupId: number) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(eq(groups.contextId, institutionId), eq(groupMembers.userId, userId), ne(groups.id, exceptGroupId)),
    )
    .limit(1);
  return row;
}

/** Puts institution membership rows back (kept by a removal from the institution); existing ones stay. */
export async function insertMembershipRows(
  db: Db,
  rows: { userId: number; institutionId: number; courseRole: string; createdAt?: unknown }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(memberships)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        institutionId: r.institutionId,
        courseRole: r.courseRole,
        createdAt: typeof r.createdAt === 'string' ? new Date(r.createdAt) : undefined,
      })),
    )
    .onConflictDoNothing();
}
