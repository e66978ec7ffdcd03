import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingLogins, totpRecoveryCodes, users, userTotp } from '../../db/schema';

export async function findTotp(db: Db, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** A new secret waiting for its first code (replaces one still waiting). */
export async function savePendingSecret(db: Db, userId: number, secret: string) {
  await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, enabledAt: null, lastTimeStep: null, createdAt: new Date() },
    });
}

/** Takes the 30-second step of an accepted code, unless that step (or a later one) was used already. */
export async function claimTimeStep(db: Db, userId: number, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ lastTimeStep: step })
    .where(
      and(eq(userTotp.userId, userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function enable(db: Db, userId: number, codeHashes: string[]) {
  await db.update(userTotp).set({ enabledAt: new Date() }).where(eq(userTotp.userId, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code: true when it existed unused (it is now used). */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string) {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

/** Removes the authenticator and its recovery codes; true when there was one. */
export async function removeTotp(db: Db, userId: number) {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning();
  return rows.some((r) => r.enabledAt !== null);
}

export async function insertPending(db: Db, values: typeof pendingLogins.$inferInsert) {
  await db.insert(pendingLogins).values(values);
}

/** A live pending sign-in (unused, unexpired) with its account. */
export async function findPending(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: pendingLogins.id,
      step: pendingLogins.step,
      expiresAt: pendingLogins.expiresAt,
      userId: users.id,
      username: users.username,
      email: users.email,
      status: users.status,
    })
    .from(pendingLogins)
    .innerJoin(users, eq(users.id, pendingLogins.userId))
    .where(
      and(
        eq(pendingLogins.tokenHash, tokenHash),
        isNull(pendingLogins.usedAt),
        gt(pendingLogins.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Marks a pending sign-in used; false when another request did first. */
export async function consumePending(db: Db, id: number) {
  const rows = await db
    .update(pendingLogins)
    .set({ usedAt: new Date() })
    .where(and(eq(pendingLogins.id, id), isNull(pendingLogins.usedAt)))
    .returning({ id: pendingLogins.id });
  return rows.length === 1;
}

export async function findAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
