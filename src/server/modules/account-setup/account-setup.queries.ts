import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountRequests, institutions, users } from '../../db/schema';

/** The account request behind a token hash, with its user and institution; undefined when unknown. */
export async function findRequest(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: accountRequests.id,
      userId: accountRequests.userId,
      institutionId: accountRequests.institutionId,
      expiresAt: accountRequests.expiresAt,
      usedAt: accountRequests.usedAt,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userStatus: users.status,
      institutionName: institutions.displayName,
    })
    .from(accountRequests)
    .innerJoin(users, eq(users.id, accountRequests.userId))
    .leftJoin(institutions, eq(institutions.id, accountRequests.institutionId))
    .where(eq(accountRequests.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the request used, only if it is still unused and unexpired at `now`: of two concurrent
 * calls exactly one gets the row back (the other waits for the row lock, then matches nothing).
 */
export async function consumeRequest(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(accountRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountRequests.tokenHash, tokenHash),
        isNull(accountRequests.usedAt),
        gt(accountRequests.expiresAt, now),
      ),
    )
    .returning({
      id: accountRequests.id,
      userId: accountRequests.userId,
      institutionId: accountRequests.institutionId,
    });
  return row;
}

/** Sets the password of a pending user and makes the account active; undefined when not pending. */
export async function activatePendingUser(db: Db, userId: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, status: 'active', version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id, username: users.username });
  return row;
}

/** Closes the user's other open setup links (re-sent e-mails), so none works once the account is set up. */
export async function closeOpenRequests(db: Db, userId: number, now: Date) {
  const rows = await db
    .update(accountRequests)
    .set({ usedAt: now })
    .where(and(eq(accountRequests.userId, userId), isNull(accountRequests.usedAt)))
    .returning({ id: accountRequests.id });
  return rows.map((r) => r.id);
}
