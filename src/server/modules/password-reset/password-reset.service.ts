import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { LOGIN_WINDOW_MS } from '../../../shared/constants';
import {
  type ChangePasswordBody,
  type ForgotPasswordBody,
  PASSWORD_RESET_TEXT,
  type ResetPasswordBody,
} from '../../../shared/contract/password-reset';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { assertPasswordAllowed, type PasswordOwner } from '../../lib/password-rule';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  assertAddressNotThrottled,
  endOtherSessions,
  hashToken,
  openSession,
  passwordUserNamed,
  recordFailedAttempt,
  type SecondStep,
} from '../auth';
import { queueMail } from '../mail';
import { mailLocale, RESET_LINK_MINUTES, resetMail } from './password-reset.mail';
import * as q from './password-reset.queries';

/** Who calls: an address (for the limits), a request id (for the audit), a browser (for the session). */
export interface ResetClient {
  ip: string;
  requestId: string;
  userAgent?: string;
}

/** Reset requests one address may make per 15 minutes, whatever they name (then 429). */
export const ADDRESS_MAX_REQUESTS = 20;
/** Reset requests naming one user name or e-mail per hour, from anywhere (then 429, known or not). */
export const IDENTIFIER_MAX_REQUESTS = 5;
/** Links e-mailed to one account per hour; past it requests get the usual answer and no mail. */
export const ACCOUNT_MAX_LINKS = 3;
/** Wrong current passwords per account per 15 minutes before a change is refused (429). */
export const CHANGE_MAX_FAILURES = 10;
const HOUR_MS = 3_600_000;

/** Failed reset links are recorded in the sign-in attempts under this name (no user name has a #). */
const LINK_ATTEMPT_NAME = '#password-reset';
const changeAttemptName = (userId: number) => `#password-change:${userId}` as const;

const ago = (ms: number) => new Date(Date.now() - ms);

/** Whether AUTH_LOCAL lets the account use a password (null: every account may). */
const mayUseLocal = (config: Config, username: string) =>
  !config.sso.localAccounts || config.sso.localAccounts.includes(username.toLowerCase());

const requestAudit = (
  client: ResetClient,
  userId: number | null,
  outcome: 'ok' | 'denied',
  after: object,
) => ({
  actor: { userId, requestId: client.requestId },
  entry: {
    action: 'password.resetRequest',
    entityType: 'user',
    entityId: userId,
    outcome,
    after: { ...after, ip: client.ip },
  },
});

/**
 * POST /api/auth/password/forgot : e-mails a one-hour, one-time link to an account that may sign
 * in with a password. The answer is the same whether or not one matched; the audit row says which.
 */
export async function requestReset(
  db: Db,
  jobs: JobSender,
  config: Config,
  client: ResetClient,
  body: z.infer<typeof ForgotPasswordBody>,
) {
  const answer = { status: 'OK' as const, description: PASSWORD_RESET_TEXT.requested };
  const overLimit =
    (await q.requestsFromAddress(db, client.ip, ago(LOGIN_WINDOW_MS))) >= ADDRESS_MAX_REQUESTS ||
    (await q.requestsForIdentifier(db, body.identifier, ago(HOUR_MS))) >= IDENTIFIER_MAX_REQUESTS;
  if (overLimit) {
    const a = requestAudit(client, null, 'denied', { reason: 'rateLimited' });
    await audit(db, a.actor, a.entry);
    throw new AppError('error.resetTooManyRequests', PASSWORD_RESET_TEXT.tooManyRequests);
  }
  await q.recordRequest(db, body.identifier, client.ip);
  const account = await q.findAccount(db, body.identifier);
  const reason = !account
    ? 'unknownAccount'
    : account.status !== 'active'
      ? 'inactive'
      : !mayUseLocal(config, account.username)
        ? 'localSignInDisabled'
        : (await q.linksSince(db, account.id, ago(HOUR_MS))) >= ACCOUNT_MAX_LINKS
          ? 'accountLimit'
          : null;
  if (!account || reason) {
    const a = requestAudit(client, account?.id ?? null, 'denied', { reason });
    await audit(db, a.actor, a.entry);
    return answer;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  const locale = mailLocale(account.locale, body.locale);
  await db.transaction(async (tx) => {
    const link = await q.insertLink(tx, {
      userId: account.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: client.ip,
    });
    await queueMail(tx, jobs, resetMail(locale, config.publicUrl, account, token));
    const a = requestAudit(client, account.id, 'ok', {
      linkId: link.id,
      expiresAt: expiresAt.toISOString(),
      locale,
    });
    await audit(tx, a.actor, a.entry);
  });
  return answer;
}

type Problem = 'invalid' | 'expired';
type LinkRow = NonNullable<Awaited<ReturnType<typeof q.findLink>>>;

/** Why a link cannot be used at `now` (unknown, used, account inactive or not local, expired), or null. */
function problemOf(config: Config, row: LinkRow | undefined, now: Date): Problem | null {
  if (!row || row.usedAt || row.userStatus !== 'active' || !mayUseLocal(config, row.username))
    return 'invalid';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** Refuses an unusable link: counts towards the address's limit; an attempt to use it is audited. */
async function refuse(
  db: Db,
  client: ResetClient,
  problem: Problem,
  row: LinkRow | undefined,
  auditIt: boolean,
): Promise<never> {
  await recordFailedAttempt(db, LINK_ATTEMPT_NAME, client.ip);
  if (auditIt) {
    await audit(
      db,
      { userId: row?.userId ?? null, requestId: client.requestId },
      {
        action: 'password.reset',
        entityType: 'password_reset',
        entityId: row?.id ?? null,
        outcome: 'denied',
        after: { reason: problem, ip: client.ip },
      },
    );
  }
  throw problem === 'expired'
    ? new AppError('error.resetLinkExpired', PASSWORD_RESET_TEXT.linkExpired)
    : new AppError('error.resetLinkInvalid', PASSWORD_RESET_TEXT.linkInvalid);
}

async function usableLink(db: Db, config: Config, client: ResetClient, token: string, auditRefusal: boolean) {
  await assertAddressNotThrottled(
    db,
    client.ip,
    'Too many failed attempts from this address. Wait 15 minutes and try again.',
    'error.setupTooManyAttempts',
  );
  const row = await q.findLink(db, hashToken(token));
  const problem = problemOf(config, row, new Date());
  if (problem) return refuse(db, client, problem, row, auditRefusal);
  return row as LinkRow;
}

/** Audits a new password the rule refused, then lets the refusal (422) through. */
async function assertAllowedAudited(
  db: Db,
  actor: { userId: number; requestId: string },
  action: string,
  password: string,
  owner: PasswordOwner,
  field: string,
) {
  try {
    await assertPasswordAllowed(password, owner, field);
  } catch (err) {
    if (err instanceof AppError) {
      await audit(db, actor, {
        action,
        entityType: 'user',
        entityId: actor.userId,
        outcome: 'denied',
        after: { reason: err.code },
      });
    }
    throw err;
  }
}

/** GET /api/auth/password/reset : whose password the link resets, while it can be used. */
export async function checkResetLink(db: Db, config: Config, client: ResetClient, token: string) {
  const row = await usableLink(db, config, client, token, false);
  return { username: row.username, expiresAt: row.expiresAt.toISOString() };
}

/** Thrown inside the transaction when the link stopped being usable since it was checked. */
class LinkTaken extends Error {}

/**
 * POST /api/auth/password/reset : sets the new password, uses up the link (and the account's other
 * open links) and ends every session of the account in one transaction; then opens a new session, or
 * answers with the second step (authenticator code) the account's sign-in asks for.
 * A refused password leaves the link usable.
 */
export async function completeReset(
  db: Db,
  config: Config,
  client: ResetClient,
  body: z.infer<typeof ResetPasswordBody>,
  secondStep?: SecondStep,
) {
  const tokenHash = hashToken(body.token);
  const link = await usableLink(db, config, client, body.token, true);
  await assertAllowedAudited(
    db,
    { userId: link.userId, requestId: client.requestId },
    'password.reset',
    body.password,
    link,
    'password',
  );
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      const used = await q.consumeLink(tx, tokenHash, now);
      if (!used) throw new LinkTaken();
      if (!(await q.setPassword(tx, used.userId, passwordHash))) throw new LinkTaken();
      const closed = await q.closeOpenLinks(tx, used.userId, now);
      const ended = await endOtherSessions(tx, used.userId, null);
      await audit(
        tx,
        { userId: used.userId, requestId: client.requestId },
        {
          action: 'password.reset',
          entityType: 'user',
          entityId: used.userId,
          after: { linkId: used.id, closedLinkIds: closed, endedSessions: ended.length, ip: client.ip },
        },
      );
    });
    // a reset proves the mailbox, not the authenticator: an account with one still gives its code
    const user = secondStep && (await passwordUserNamed(db, link.username));
    const step = user ? await secondStep(db, config, user) : null;
    if (step) return step;
    const { token, userId, sessionId, expiresAt } = await openSession(db, {
      userId: link.userId,
      ip: client.ip,
      userAgent: client.userAgent,
      via: { method: 'passwordReset' },
    });
    return { token, userId, sessionId, expiresAt };
  } catch (err) {
    if (!(err instanceof LinkTaken)) throw err;
    const row = await q.findLink(db, tokenHash);
    return refuse(db, client, problemOf(config, row, now) ?? 'invalid', row, true);
  }
}

/**
 * POST /api/auth/password/change : the signed-in user's own password, after the current one is
 * proved; every other session of the account ends, this one stays.
 */
export async function changePassword(
  db: Db,
  config: Config,
  actor: Actor,
  ip: string,
  body: z.infer<typeof ChangePasswordBody>,
) {
  const who = { userId: actor.userId, requestId: actor.requestId, realUserId: actor.realUserId };
  const deny = async (reason: string) =>
    audit(db, who, {
      action: 'password.change',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'denied',
      after: { reason },
    });
  if (actor.realUserId != null) {
    await deny('actingAs');
    throw new AppError('error.accessDenied', 'Stop acting as another user to change a password.');
  }
  if (!mayUseLocal(config, actor.username)) {
    await deny('localSignInDisabled');
    throw new AppError(
      'error.localSignInDisabled',
      "Password sign-in is turned off for this account: use your organisation's sign-in.",
    );
  }
  const attemptName = changeAttemptName(actor.userId);
  if ((await q.failuresNamed(db, attemptName, ago(LOGIN_WINDOW_MS))) >= CHANGE_MAX_FAILURES) {
    await deny('rateLimited');
    throw new AppError(
      'error.tooManyAttemptsAccount',
      'Too many failed sign-in attempts for this account. Wait 15 minutes and try again.',
    );
  }
  const account = await q.findAccountById(db, actor.userId);
  if (!account || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
    await recordFailedAttempt(db, attemptName, ip);
    await deny('wrongCurrentPassword');
    throw new AppError('error.currentPasswordWrong', PASSWORD_RESET_TEXT.currentWrong, {
      currentPassword: PASSWORD_RESET_TEXT.currentWrong,
    });
  }
  await assertAllowedAudited(db, who, 'password.change', body.newPassword, account, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await db.transaction(async (tx) => {
    if (!(await q.setPassword(tx, actor.userId, passwordHash))) {
      throw new AppError('error.unauthenticated', 'Sign in again.');
    }
    const closed = await q.closeOpenLinks(tx, actor.userId, new Date());
    const endedIds = await endOtherSessions(tx, actor.userId, actor.sessionId);
    await audit(tx, who, {
      action: 'password.change',
      entityType: 'user',
      entityId: actor.userId,
      after: { endedSessions: endedIds.length, closedLinkIds: closed },
    });
    return endedIds.length;
  });
  return { status: 'OK' as const, endedSessions: ended, description: PASSWORD_RESET_TEXT.changed };
}
