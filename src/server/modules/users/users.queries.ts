import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertJsonRows } from '../../db/insert-json-rows';
import { isInstitutionUser } from '../../lib/institution-staff';
import {
  accountRequests,
  groupMembers,
  groups,
  institutions,
  memberships,
  sectionInstructors,
  sections,
  users,
} from '../../db/schema';

export { isInstitutionMember, isInstitutionUser } from '../../lib/institution-staff';

export const userFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  superAdmin: users.superAdmin,
  associateSuperAdmin: users.associateSuperAdmin,
  nasupport: users.nasupport,
  version: users.version,
  locale: users.locale,
};
export type UserRow = { [K in keyof typeof userFields]: (typeof users.$inferSelect)[K] };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The same users as isInstitutionUser, as a set to start from: the institution's staff memberships
 * (partial index memberships_inst_staff_idx) and its roles' members. Its cost follows the
 * institution's staff, not the number of users in the database.
 */
function institutionUserIds(institutionId: number): SQL {
  return sql`${users.id} in (
    select m.user_id from ${memberships} m where m.institution_id = ${institutionId} and m.course_role <> 'student'
    union
    select gm.user_id from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where g.context_id = ${institutionId})`;
}

/**
 * Part of the full name, e-mail or user name (case-insensitive). A part of the first or the last
 * name is a part of the full name too; the three expressions are those of the trigram indexes.
 */
export function textMatch(text: string): SQL | undefined {
  if (!text) return undefined;
  const p = `%${escapeLike(text)}%`;
  return or(
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${p}`,
    sql`${users.email} ilike ${p}`,
    sql`${users.username} ilike ${p}`,
  );
}

/** The condition of the Users page search: the institution's users matching `text`. */
export function institutionSearchWhere(institutionId: number, text: string): SQL {
  return and(institutionUserIds(institutionId), textMatch(text)) as SQL;
}

/** One page of the institution's users matching `text`, and the total. */
export async function searchInstitutionUsers(
  db: Db,
  institutionId: number,
  text: string,
  page: number,
  size: number,
) {
  const where = institutionSearchWhere(institutionId, text);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(userFields)
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(size)
    .offset(page * size);
  return { rows, total: n };
}

/** Accounts outside the institution whose e-mail or user name is exactly `text` (case-insensitive). */
export async function exactOutsiders(db: Db, institutionId: number, text: string) {
  if (!text) return [];
  return db
    .select(userFields)
    .from(users)
    .where(
      and(
        or(sql`lower(${users.email}) = lower(${text})`, sql`lower(${users.username}) = lower(${text})`),
        sql`not ${isInstitutionUser(institutionId)}`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(5);
}

/** Roles held in one institution by each of `userIds`. */
export async function rolesIn(db: Db, institutionId: number, userIds: number[]) {
  const out = new Map<number, { groupId: number; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: groupMembers.userId, groupId: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.contextId, institutionId), inArray(groupMembers.userId, userIds)))
    .orderBy(asc(groups.name));
  for (const r of rows)
    out.set(r.userId, [...(out.get(r.userId) ?? []), { groupId: r.groupId, name: r.name }]);
  return out;
}

export async function institutionName(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: institutions.displayName })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.name;
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userFields).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userFields)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

export async function findUserByEmail(
  db: Db,
  email: string,
  exceptId?: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userFields)
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { username: string; email: string; firstName: string; lastName: string; locale?: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, status: 'pending', passwordHash: null })
    .returning(userFields);
  return row;
}

/** Updates a user; with `expectedVersion` only if nobody changed it since (else undefined). */
export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'firstName' | 'lastName' | 'email' | 'superAdmin' | 'associateSuperAdmin' | 'nasupport'
    >
  >,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(users.id, id), expectedVersion === undefined ? undefined : eq(users.version, expectedVersion)),
    )
    .returning(userFields);
  return row;
}

/** Sets an account's status (active or disabled). */
export async function setStatus(db: Db, id: number, status: 'active' | 'disabled') {
  await db
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Adds a membership; true when it is new. */
export async function addMembership(
  db: Db,
  userId: number,
  institutionId: number,
  courseRole = 'instructor',
) {
  const rows = await db
    .insert(memberships)
    .values({ userId, institutionId, courseRole })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

/**
 * Sections of the institution the user teaches (instructor or ta), newest first. Starts from the
 * user's rows of section_instructors and looks each section up by its key (a lateral subquery with
 * LIMIT 1, which the planner keeps as a per-row probe), instead of hash-joining every section of
 * the institution to find the user's few.
 */
export async function sectionsOfUser(db: Db, institutionId: number, userId: number) {
  const section = db
    .select({
      id: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      startDate: sections.startDate,
      endDate: sections.endDate,
    })
    .from(sections)
    .where(
      and(
        eq(sections.id, sectionInstructors.sectionId),
        eq(sections.institutionId, institutionId),
        isNull(sections.deletedAt),
      ),
    )
    .limit(1)
    .as('s');
  return db
    .select({
      sectionId: section.id,
      courseName: section.courseName,
      sectionCode: section.sectionCode,
      role: sectionInstructors.role,
      startDate: section.startDate,
      endDate: section.endDate,
    })
    .from(sectionInstructors)
    .innerJoinLateral(section, sql`true`)
    .where(eq(sectionInstructors.userId, userId))
    .orderBy(desc(section.startDate), asc(section.courseName), asc(section.id))
    .limit(500);
}

/** Stores account requests (one, or many in one statement). */
export async function insertAccountRequest(db: Db, values: (typeof accountRequests.$inferInsert)[]) {
  await insertJsonRows(db, accountRequests, values);
}

/** The institutions an account belongs to: a membership row or a role there. */
export async function institutionsOf(db: Db, userId: number): Promise<number[]> {
  const member = await db
    .select({ id: memberships.institutionId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const roles = await db
    .select({ id: groups.contextId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  const ids = [...member, ...roles].map((r) => r.id).filter((id): id is number => id !== null);
  return [...new Set(ids)].sort((a, b) => a - b);
}
