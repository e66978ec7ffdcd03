import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, memberships, recycleBin, sections, users } from '../../db/schema';
import { INTERNAL_GROUP_BIN } from '../../lib/recycle-bin';

export type BinRow = typeof recycleBin.$inferSelect;

/**
 * One page of an institution's entries of the given kinds, plus removals from the internal-user group
 * when `internal`, most recent removal first (keyset on id).
 */
export async function binPage(
  db: Db,
  institutionId: number,
  kinds: string[],
  internal: boolean,
  beforeId: number | undefined,
  limit: number,
) {
  const scopes: SQL[] = [];
  if (kinds.length > 0) {
    scopes.push(and(eq(recycleBin.institutionId, institutionId), inArray(recycleBin.kind, kinds))!);
  }
  if (internal) {
    scopes.push(and(eq(recycleBin.institutionId, INTERNAL_GROUP_BIN), eq(recycleBin.kind, 'membership'))!);
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

/** The entry, when it is the institution's or a removal from the internal-user group (shown in every bin). */
export async function findEntry(db: Db, institutionId: number, id: number): Promise<BinRow | undefined> {
  const [row] = await db
    .select()
    .from(recycleBin)
    .where(
      and(
        eq(recycleBin.id, id),
        or(
          eq(recycleBin.institutionId, institutionId),
          and(eq(recycleBin.institutionId, INTERNAL_GROUP_BIN), eq(recycleBin.kind, 'membership')),
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

// ---- sections

export async function sectionRow(db: Db, id: number) {
  const [row] = await db.select().from(sections).where(eq(sections.id, id));
  return row;
}

/** Another live section of the institution with this custom course id for this LMS. */
export async function liveSectionWithCustomId(
  db: Db,
  institutionId: number,
  lmsKind: string,
  customCourseId: string,
  exceptId: number,
) {
  const [row] = await db
    .select({ id: sections.id, courseName: sections.courseName })
    .from(sections)
    .where(
      and(
        eq(sections.institutionId, institutionId),
        eq(sections.lmsKind, lmsKind),
        eq(sections.customCourseId, customCourseId),
        isNull(sections.deletedAt),
        ne(sections.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** Shows a hidden section again; false when it is not hidden (any more). */
export async function unhideSection(db: Db, id: number) {
  const rows = await db
    .update(sections)
    .set({ deletedAt: null, version: sql`${sections.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sections.id, id), isNotNull(sections.deletedAt)))
    .returning({ id: sections.id });
  return rows.length > 0;
}

// ---- roles

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
