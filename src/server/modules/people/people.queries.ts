import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, institutions, memberships, users } from '../../db/schema';
import { userTextMatch } from '../users';

/** One page of accounts whose name, e-mail or user name contains `text` (the trigram indexes), and the total. */
export async function searchPeople(db: Db, text: string, offset: number, size: number) {
  const where = userTextMatch(text);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
      status: users.status,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(size)
    .offset(offset);
  return { rows, total: n };
}

/** The memberships (course role) of these users, with the institution's name. */
export function membershipsOf(db: Db, userIds: number[]) {
  return db
    .select({
      userId: memberships.userId,
      orgId: memberships.institutionId,
      displayName: institutions.displayName,
      courseRole: memberships.courseRole,
    })
    .from(memberships)
    .innerJoin(institutions, eq(institutions.id, memberships.institutionId))
    .where(inArray(memberships.userId, userIds));
}

/** The institution roles these users hold, with the institution's name. */
export function rolesOf(db: Db, userIds: number[]) {
  return db
    .select({
      userId: groupMembers.userId,
      orgId: institutions.id,
      displayName: institutions.displayName,
      role: groups.name,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(institutions, eq(institutions.id, groups.contextId))
    .where(and(inArray(groupMembers.userId, userIds), isNotNull(groups.contextId)))
    .orderBy(asc(groups.name));
}
