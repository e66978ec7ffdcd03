import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { verifyPassword } from '../../lib/passwords';
import { DEFAULT_MAX_HOURS, expiry, hashToken } from '../../lib/session/authenticate';
import { touchSession } from '../../lib/session/session.queries';
import * as q from './auth.queries';
import { throttleLogin } from './login-limits';

export { assertAddressNotThrottled, throttleLogin } from './login-limits';

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/** The password step of a sign-in (throttled and recorded): the account, or a refusal. No session. */
export async function checkPassword(db: Db, input: LoginInput, localAccounts: string[] | null = null) {
  await throttleLogin(db, input.username, input.ip);
  if (localAccounts && !localAccounts.includes(input.username.toLowerCase())) {
    await q.recordAttempt(db, input.username, input.ip, false);
    throw new AppError(
      'error.localSignInDisabled',
      "Password sign-in is turned off for this account: use your organisation's sign-in.",
    );
  }
  const user = await q.findUserForLogin(db, input.username);
  const ok = (await verifyPassword(user?.passwordHash, input.password)) && user?.status === 'active';
  await q.recordAttempt(db, input.username, input.ip, ok);
  if (!ok || !user) {
    throw new AppError('error.invalidCredentials', 'The username or password is incorrect.');
  }
  return user;
}
export type PasswordUser = Awaited<ReturnType<typeof checkPassword>>;

/** The account a password was just proved for another way (a reset link), as checkPassword returns it. */
export async function passwordUserNamed(db: Db, username: string): Promise<PasswordUser | undefined> {
  return q.findUserForLogin(db, username);
}

/** Records a sign-in attempt of `username` (a later step, e.g. its authenticator code) for the limits. */
export async function recordLoginAttempt(db: Db, username: string, ip: string, succeeded: boolean) {
  await q.recordAttempt(db, username, ip, succeeded);
}

/**
 * Opens a session for a user who has proved who they are (password, or an OpenID Connect provider:
 * `via` then names it in the audit row). The one place a session token is made.
 */
export async function openSession(
  db: Db,
  input: { userId: number; ip: string; userAgent?: string; via?: Record<string, unknown> },
) {
  const token = randomBytes(32).toString('base64url');
  const session = await q.insertSession(db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
  });
  await audit(
    db,
    { userId: input.userId },
    { action: 'login', entityType: 'session', entityId: session.id, after: input.via },
  );
  // SESSION_MAX_HOURS is at least 1: a new session's first limit is the idle one
  return {
    token,
    userId: input.userId,
    sessionId: session.id,
    expiresAt: expiry(session.lastSeenAt, session.createdAt),
  };
}
export type OpenSession = typeof openSession;

/**
 * Records a failed attempt from `ip` that is not a sign-in (e.g. an unknown setup link), under a
 * `name` no user name can have, so it counts towards the address's limit only.
 */
export async function recordFailedAttempt(db: Db, name: `#${string}`, ip: string) {
  await q.recordAttempt(db, name, ip, false);
}

/** Extends the session now (the SPA calls it every 25 minutes). */
export async function refresh(
  db: Db,
  session: { sessionId: string; token: string; userId: number; createdAt: Date },
  maxHours = DEFAULT_MAX_HOURS,
) {
  const now = new Date();
  await touchSession(db, session.sessionId, now);
  return {
    token: session.token,
    userId: session.userId,
    sessionId: session.sessionId,
    expiresAt: expiry(now, session.createdAt, maxHours),
  };
}

export async function logout(db: Db, actor: { sessionId: string; userId: number; requestId: string }) {
  await q.revokeSession(db, actor.sessionId);
  await audit(db, actor, { action: 'logout', entityType: 'session', entityId: actor.sessionId });
}
