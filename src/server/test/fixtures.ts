import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Permission } from '../../shared/permissions';
import type { Db } from '../db/client';
import { groupMembers, groups, institutions, memberships, organizations, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const PASSWORD = 'test-pass-1';
let passwordHash: Promise<string> | undefined;

export async function createInstitution(db: Db, displayName: string) {
  const [org] = await db
    .insert(organizations)
    .values({ name: `${displayName} System` })
    .returning();
  const [inst] = await db.insert(institutions).values({ organizationId: org.id, displayName }).returning();
  return inst;
}

export async function createUser(
  db: Db,
  username: string,
  opts: Partial<
    Pick<typeof users.$inferInsert, 'superAdmin' | 'associateSuperAdmin' | 'nasupport' | 'status'>
  > = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.edu`,
      firstName: username,
      lastName: 'Tester',
      passwordHash: await passwordHash,
      ...opts,
    })
    .returning();
  return user;
}

/** Creates a role (group) in an institution holding `permissions`, with `userIds` as members. */
export async function createRole(
  db: Db,
  institutionId: number,
  name: string,
  permissions: Permission[],
  userIds: number[],
) {
  const [group] = await db.insert(groups).values({ contextId: institutionId, name, permissions }).returning();
  for (const userId of userIds) {
    await db.insert(groupMembers).values({ groupId: group.id, userId });
    await db.insert(memberships).values({ userId, institutionId, courseRole: 'admin' }).onConflictDoNothing();
  }
  return group;
}

export async function addToInternalGroup(db: Db, internalGroupId: string, userId: number) {
  const [g] = await db.select().from(groups).where(eq(groups.externalId, internalGroupId));
  await db.insert(groupMembers).values({ groupId: g.id, userId });
}

/** The row id of the internal-user group (the config's `internalGroupId` is its external id). */
export async function internalGroupRowId(db: Db, internalGroupId: string) {
  const [g] = await db.select().from(groups).where(eq(groups.externalId, internalGroupId));
  return g.id;
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
