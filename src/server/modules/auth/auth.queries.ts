import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupsOfUserSql } from '../../lib/capabilities';
import { loginAttempts, sessions, users } from '../../db/schema';

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

export async function findUserForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

export async function recentFailures(db: Db, column: 'username' | 'ip', value: string, since: Date) {
  const col = column === 'username' ? loginAttempts.username : loginAttempts.ip;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(col, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  return row.n;
}

/** Failed sign-ins of one account from one address since `since`. */
export async function recentPairFailures(db: Db, username: string, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, since),
      ),
    );
  return row.n;
}

export async function recordAttempt(db: Db, username: string, ip: string, succeeded: boolean) {
  await db.insert(loginAttempts).values({ username, ip, succeeded });
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

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

export async function revokeSession(db: Db, id: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}
