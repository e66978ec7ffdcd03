import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groupMembers, groups, memberships, users } from '../db/schema';

/** The institution's staff: a non-student membership, or a role held there. */
export function isInstitutionUser(institutionId: number): SQL {
  return sql`(exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.institution_id = ${institutionId} and m.course_role <> 'student')
    or exists (select 1 from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where gm.user_id = ${users.id} and g.context_id = ${institutionId}))`;
}

/** Whether the user is of the institution's staff (the access plugin's `user` lookup and users' own rules). */
export async function isInstitutionMember(db: Db, institutionId: number, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isInstitutionUser(institutionId)));
  return rows.length > 0;
}
