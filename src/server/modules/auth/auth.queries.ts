import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userColumns } from '../../lib/session/session.queries';
import { loginAttempts, sessions, users } from '../../db/schema';

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

export async function revokeSession(db: Db, id: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}
