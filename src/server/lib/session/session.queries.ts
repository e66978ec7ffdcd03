import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { groupsOfUserSql } from '../capabilities';

/** The user columns a session carries (the signed-in or acted-as user). */
export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
  superAdmin: users.superAdmin,
  associateSuperAdmin: users.associateSuperAdmin,
  nasupport: users.nasupport,
  status: users.status,
};

/**
 * The session lookup every request makes, built by Drizzle once per database and prepared (on
 * PostgreSQL a named statement, parsed once per connection) instead of rebuilt for each request.
 */
function prepareLiveSession(db: Db) {
  return db
    .select({ session: sessions, user: userColumns, groups: groupsOfUserSql(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        gt(sessions.createdAt, sql.placeholder('createdSince')),
      ),
    )
    .prepare('find_live_session');
}
const liveSession = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();

export async function findLiveSession(db: Db, tokenHash: string, idleSince: Date, createdSince: Date) {
  let prepared = liveSession.get(db);
  if (!prepared) {
    prepared = prepareLiveSession(db);
    liveSession.set(db, prepared);
  }
  const [row] = await prepared.execute({
    tokenHash,
    idleSince: idleSince.toISOString(),
    createdSince: createdSince.toISOString(),
  });
  return row;
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}
