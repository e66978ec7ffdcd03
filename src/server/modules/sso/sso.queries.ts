import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identities, ssoHandoffs, ssoRequests, users } from '../../db/schema';

const accountColumns = { id: users.id, status: users.status, email: users.email, username: users.username };

export async function insertRequest(db: Db, values: typeof ssoRequests.$inferInsert) {
  await db.insert(ssoRequests).values(values);
}

/** Marks a pending request used and returns it; undefined when unknown or already used. */
export async function takeRequest(db: Db, stateHash: string, now: Date) {
  const [row] = await db
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(and(eq(ssoRequests.stateHash, stateHash), isNull(ssoRequests.usedAt)))
    .returning();
  return row;
}

/** Drops requests and hand-offs that expired more than a day ago. */
export async function purgeExpired(db: Db, now: Date) {
  const before = new Date(now.getTime() - 86_400_000);
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, before));
  await db.delete(ssoHandoffs).where(and(lt(ssoHandoffs.expiresAt, before), isNull(ssoHandoffs.sessionId)));
}

export async function findIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ identityId: identities.id, ...accountColumns })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function usernameTaken(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return !!row;
}

export async function insertAccount(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning(accountColumns);
  return row;
}

/** Links (issuer, subject) to a user; a concurrent first sign-in that linked it already wins. */
export async function linkIdentity(db: Db, values: typeof identities.$inferInsert) {
  await db.insert(identities).values(values).onConflictDoNothing();
}

export async function touchIdentity(db: Db, issuer: string, subject: string, at: Date) {
  await db
    .update(identities)
    .set({ lastSignInAt: at })
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)));
}

export async function insertHandoff(db: Db, values: typeof ssoHandoffs.$inferInsert) {
  await db.insert(ssoHandoffs).values(values);
}

/** Marks an unexpired, unused hand-off used and returns it; undefined otherwise. */
export async function takeHandoff(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .update(ssoHandoffs)
    .set({ usedAt: now })
    .where(
      and(eq(ssoHandoffs.codeHash, codeHash), isNull(ssoHandoffs.usedAt), gt(ssoHandoffs.expiresAt, now)),
    )
    .returning();
  return row;
}

export async function attachSession(db: Db, handoffId: number, sessionId: string) {
  await db.update(ssoHandoffs).set({ sessionId }).where(eq(ssoHandoffs.id, handoffId));
}

export async function handoffOfSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ providerId: ssoHandoffs.providerId, idToken: ssoHandoffs.idToken })
    .from(ssoHandoffs)
    .where(eq(ssoHandoffs.sessionId, sessionId));
  return row;
}
