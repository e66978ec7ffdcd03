import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Permission } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { insertJsonRows } from '../../db/insert-json-rows';
import { intArray } from '../../db/sql-arrays';
import { groupMembers, groups, institutions, memberships, users } from '../../db/schema';

export type GroupRow = typeof groups.$inferSelect;

export async function findGroup(db: Db, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function findGroupByExternalId(db: Db, externalId: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.externalId, externalId));
  return row;
}

/** Roles of an institution (never the internal group), by name, with member ids. */
export async function listGroups(db: Db, contextId: number) {
  const rows = await db
    .select()
    .from(groups)
    .where(and(eq(groups.contextId, contextId), eq(groups.isInternal, false)))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  const members = await memberIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((g) => ({ ...g, memberIds: members.get(g.id) ?? [] }));
}

export async function countGroups(db: Db, contextId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.contextId, contextId), eq(groups.isInternal, false)));
  return row.n;
}

export async function memberIdsOf(db: Db, groupIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (groupIds.length === 0) return out;
  const rows = await db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(asc(groupMembers.userId));
  for (const r of rows) {
    const list = out.get(r.groupId) ?? [];
    list.push(r.userId);
    out.set(r.groupId, list);
  }
  return out;
}

export async function nameTaken(
  db: Db,
  contextId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.contextId, contextId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertGroup(
  db: Db,
  values: { contextId: number; name: string; permissions: Permission[] },
) {
  const [row] = await db.insert(groups).values(values).returning();
  return row;
}

/** Compare-and-set update: undefined when the version moved on (someone else saved first). */
export async function updateGroupVersioned(
  db: Db,
  id: number,
  expectedVersion: number,
  values: { name?: string; permissions?: Permission[] },
) {
  const [row] = await db
    .update(groups)
    .set({ ...values, version: sql`${groups.version} + 1`, updatedAt: new Date() })
    .where(and(eq(groups.id, id), eq(groups.version, expectedVersion)))
    .returning();
  return row;
}

/** The member rows of a group, as stored (for the recycle bin). */
export async function memberRowsOf(db: Db, groupId: number) {
  return db
    .select()
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.userId));
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(groups).where(eq(groups.id, id));
}

/** Users holding a group, with their details. */
export async function groupUsers(db: Db, groupId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

/** Of `userIds`, those that exist. */
export async function existingUserIds(db: Db, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  return rows.map((r) => r.id);
}

/** Of `userIds`, those who belong to the institution (a membership, or a role held there). */
export async function institutionMemberIds(
  db: Db,
  institutionId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const viaMembership = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.institutionId, institutionId), inArray(memberships.userId, userIds)));
  const viaGroup = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.contextId, institutionId), inArray(groupMembers.userId, userIds)));
  return [...new Set([...viaMembership, ...viaGroup].map((r) => r.id))];
}

/**
 * Gives each user `groupId` as their one role in the institution: removes their other roles
 * there and adds this one. Returns how many users changed.
 */
export async function setRole(
  db: Db,
  institutionId: number,
  groupId: number,
  userIds: number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const others = db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.contextId, institutionId), ne(groups.id, groupId)));
  const removed = await db
    .delete(groupMembers)
    .where(
      and(sql`${groupMembers.userId} = any(${intArray(userIds)})`, inArray(groupMembers.groupId, others)),
    )
    .returning({ userId: groupMembers.userId });
  const added = await insertJsonRows(
    db,
    groupMembers,
    userIds.map((userId) => ({ groupId, userId, memberType: 'identity_id' })),
    { onConflictDoNothing: true, returning: { userId: groupMembers.userId } },
  );
  return new Set([...removed, ...added].map((r) => r.userId)).size;
}

/** A user's group_members row with their name, as stored (for the recycle bin); undefined when not a member. */
export async function memberRowOf(db: Db, groupId: number, userId: number) {
  const [row] = await db
    .select({ member: groupMembers, firstName: users.firstName, lastName: users.lastName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

export async function removeMember(db: Db, groupId: number, userId: number) {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  return rows.length;
}

/** Adds users to a group (no role replacement: the internal group). Returns how many were new. */
export async function addMembers(db: Db, groupId: number, userIds: number[]) {
  if (userIds.length === 0) return 0;
  const rows = await db
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId, userId, memberType: 'identity_id' })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return rows.length;
}

/** Groups a user holds, with the institution name; limited to one institution when given. */
export async function groupsOfUser(db: Db, userId: number, institutionId?: number) {
  return db
    .select({
      groupId: groups.id,
      contextId: groups.contextId,
      name: groups.name,
      permissions: groups.permissions,
      organizationName: institutions.displayName,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(institutions, eq(institutions.id, groups.contextId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        institutionId ? eq(groups.contextId, institutionId) : undefined,
        institutionId ? isNotNull(groups.contextId) : undefined,
      ),
    )
    .orderBy(asc(institutions.displayName), asc(groups.name));
}

export async function institutionExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
  return rows.length > 0;
}

/** Whether the user is a member of the group. */
export async function isMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows.length > 0;
}
