import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, users } from '../../db/schema';

/** Members of the internal-user group, by last name then first name. */
export async function internalMembers(db: Db, groupId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}
