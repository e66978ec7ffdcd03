import { and, asc, eq, ilike, inArray, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userColumns } from '../auth';
import { groupMembers, groups, institutions, memberships, sessions, users } from '../../db/schema';

export async function findUser(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function institutionName(db: Db, id: number) {
  const [row] = await db
    .select({ name: institutions.displayName })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.name;
}

/** Ids of the institution's members: memberships and members of its groups. */
const memberIds = (db: Db, organizationId: number) =>
  db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(eq(memberships.institutionId, organizationId))
    .union(
      db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groups.contextId, organizationId)),
    );

export async function isMember(db: Db, userId: number, organizationId: number) {
  const ids = await memberIds(db, organizationId);
  return ids.some((r) => r.id === userId);
}

/** Ids of the institution's staff: members in a course role other than student, and holders of its roles. */
const staffIds = (db: Db, organizationId: number) =>
  db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.institutionId, organizationId), sql`${memberships.courseRole} <> 'student'`))
    .union(
      db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groups.contextId, organizationId)),
    );

/** The names of the user's roles in the institution, for the candidate list (null: none). */
const roleOf = (organizationId: number) =>
  sql<string | null>`(select string_agg(g.name, ', ' order by g.name) from ${groupMembers} gm
    join ${groups} g on g.id = gm.group_id where gm.user_id = ${users.id} and g.context_id = ${organizationId})`;

/** Up to 20 staff members matching `q`, without super admins and the flags the caller may not act as. */
export async function candidates(
  db: Db,
  organizationId: number,
  q: string,
  opts: { excludeUserId: number; excludeAssociates: boolean; excludeSupport: boolean },
) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ ...userColumns, role: roleOf(organizationId) })
    .from(users)
    .where(
      and(
        inArray(users.id, staffIds(db, organizationId)),
        not(users.superAdmin),
        opts.excludeAssociates ? not(users.associateSuperAdmin) : undefined,
        opts.excludeSupport ? not(users.nasupport) : undefined,
        sql`${users.id} <> ${opts.excludeUserId}`,
        q
          ? or(
              ilike(users.username, like),
              ilike(users.email, like),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(20);
}

export async function setActing(
  db: Db,
  sessionId: string,
  v: { userId: number; organizationId: number; reason: string; allowWrites: boolean; expiresAt: Date },
) {
  await db
    .update(sessions)
    .set({
      actingUserId: v.userId,
      actingOrgId: v.organizationId,
      actingReason: v.reason,
      actingAllowWrites: v.allowWrites,
      actingExpiresAt: v.expiresAt,
    })
    .where(eq(sessions.id, sessionId));
}
