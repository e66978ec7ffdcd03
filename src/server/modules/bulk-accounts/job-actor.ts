import { asc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { capabilities } from '../../lib/capabilities';
import type { RoleInfo } from './classify';

/** The user behind a job, with their capabilities in the institution now (they may have changed). */
export async function jobActor(
  db: Db,
  userId: number,
  institutionId: number,
  requestId: string,
): Promise<Actor> {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw new Error(`user ${userId} not found`);
  const caps = await capabilities(db, u, institutionId);
  return {
    userId: u.id,
    username: u.username,
    superAdmin: u.superAdmin,
    associateSuperAdmin: u.associateSuperAdmin,
    nasupport: u.nasupport,
    internalUser: caps.internalUser,
    organizationId: institutionId,
    caps,
    sessionId: 'job',
    requestId,
  };
}

/** The institution's roles, for matching the Role column. */
export async function institutionRoles(db: Db, institutionId: number): Promise<RoleInfo[]> {
  return db
    .select({ id: groups.id, name: groups.name, permissions: groups.permissions })
    .from(groups)
    .where(and(eq(groups.contextId, institutionId), eq(groups.isInternal, false)))
    .orderBy(asc(groups.name));
}
