import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, institutions, memberships, users } from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user asked about, with the three flags capabilities() reads. */
export async function findUser(db: Db, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function findInstitution(db: Db, institutionId: number) {
  const rows = await db
    .select({ id: institutions.id, name: institutions.displayName })
    .from(institutions)
    .where(eq(institutions.id, institutionId))
    .limit(1);
  return rows[0];
}

/** Every group of the user, in every institution, with its institution's name. */
export async function userGroups(db: Db, userId: number) {
  return db
    .select({
      groupId: groups.id,
      name: groups.name,
      contextId: groups.contextId,
      institutionName: institutions.displayName,
      permissions: groups.permissions,
      isInternal: groups.isInternal,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(institutions, eq(institutions.id, groups.contextId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.contextId), asc(groups.name), asc(groups.id));
}

/**
 * Up to 20 users matching `text`: members of the institution (a membership row or a group there),
 * or anyone when `anyone` (staff askers).
 */
export async function searchUsers(db: Db, institutionId: number, text: string, anyone: boolean) {
  const members = sql`${users.id} in (
    select m.user_id from ${memberships} m where m.institution_id = ${institutionId}
    union
    select gm.user_id from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where g.context_id = ${institutionId})`;
  const p = `%${escapeLike(text)}%`;
  const match: SQL | undefined = text
    ? or(
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${p}`,
        sql`${users.email} ilike ${p}`,
        sql`${users.username} ilike ${p}`,
      )
    : undefined;
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
    })
    .from(users)
    .where(and(anyone ? undefined : members, match))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(20);
}
