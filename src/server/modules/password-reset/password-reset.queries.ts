import { and, count, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, passwordResets, users } from '../../db/schema';

const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
  status: users.status,
  passwordHash: users.passwordHash,
};

/** The account whose user name or e-mail is `identifier` (case-insensitive); undefined when none. */
export async function findAccount(db: Db, identifier: string) {
  const lower = identifier.toLowerCase();
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.email}) = ${lower}`))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, userId: number) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Reset requests are recorded in the sign-in attempts under `#reset:<identifier>` as succeeded,
 * so they never count towards the sign-in failure limits; these count them.
 */
export const REQUEST_PREFIX = '#reset:';

export async function recordRequest(db: Db, identifier: string, ip: string) {
  await db
    .insert(loginAttempts)
    .values({ username: REQUEST_PREFIX + identifier.toLowerCase(), ip, succeeded: true });
}

/** Reset requests from one address since `since`, whatever they named. */
export async function requestsFromAddress(db: Db, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        like(loginAttempts.username, `${REQUEST_PREFIX}%`),
        gt(loginAttempts.at, since),
      ),
    );
  return row.n;
}

/** Reset requests naming one user name or e-mail since `since`, from any address. */
export async function requestsForIdentifier(db: Db, identifier: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.username, REQUEST_PREFIX + identifier.toLowerCase()), gt(loginAttempts.at, since)),
    );
  return row.n;
}

/** Links made for one account since `since`. */
export async function linksSince(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row.n;
}

export async function insertLink(db: Db, values: typeof passwordResets.$inferInsert) {
  const [row] = await db.insert(passwordResets).values(values).returning({ id: passwordResets.id });
  return row;
}

/** The link behind a token hash with its account; undefined when unknown. */
export async function findLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userStatus: users.status,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the link used, only if it is still unused and unexpired at `now`: of two concurrent
 * calls exactly one gets the row back.
 */
export async function consumeLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id, userId: passwordResets.userId });
  return row;
}

/** Closes the account's other open reset links (asked for twice, or the password changed since). */
export async function closeOpenLinks(db: Db, userId: number, now: Date) {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.map((r) => r.id);
}

/** Sets the password of an active account; undefined when the account is no longer active. */
export async function setPassword(db: Db, userId: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .returning({ id: users.id, username: users.username });
  return row;
}

/** Failed attempts recorded under `name` (e.g. wrong current passwords of one account) since `since`. */
export async function failuresNamed(db: Db, name: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.username, name), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)),
    );
  return row.n;
}
