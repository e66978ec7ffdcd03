import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { isProviderStaff } from '../../../shared/permissions';
import type { LoginSecondStep } from '../../../shared/contract/auth';
import { TOTP_TEXT } from '../../../shared/contract/totp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { hashToken, openSession, type PasswordUser, recordLoginAttempt, throttleLogin } from '../auth';
import { acceptCode, newRecoveryCodes, newSetup } from './totp.codes';
import * as q from './totp.queries';

/** How long the second step of a sign-in may take. */
const PENDING_MS = 5 * 60_000;

export interface LoginClient {
  ip: string;
  userAgent?: string;
  /** The server's clock (codes are checked against it). */
  now: Date;
}

/** Provider staff signing in with a password in production must use an authenticator. */
export const totpRequired = (config: Config, user: Parameters<typeof isProviderStaff>[0]) =>
  config.appEnv === 'prod' && isProviderStaff(user);

/** After a correct password: a pending sign-in when a code (or an enrolment) is due, else null. */
export async function secondStep(
  db: Db,
  config: Config,
  user: PasswordUser,
): Promise<z.infer<typeof LoginSecondStep> | null> {
  const totp = await q.findTotp(db, user.id);
  const step = totp?.enabledAt ? 'totp' : totpRequired(config, user) ? 'enrol' : null;
  if (!step) return null;
  const pendingToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PENDING_MS);
  await q.insertPending(db, { tokenHash: hashToken(pendingToken), userId: user.id, step, expiresAt });
  return { step, pendingToken, expiresAt: expiresAt.toISOString() };
}

async function pendingOf(db: Db, token: string, step: 'totp' | 'enrol') {
  const pending = await q.findPending(db, hashToken(token));
  if (!pending || pending.step !== step || pending.status !== 'active') {
    throw new AppError('error.totpPendingInvalid', TOTP_TEXT.pendingInvalid);
  }
  return pending;
}

/** Checks a code of a pending sign-in under the sign-in limits; a wrong one counts as a failed sign-in. */
async function checkPendingCode(
  db: Db,
  pending: { userId: number; username: string },
  client: LoginClient,
  code: string,
  recovery: boolean,
) {
  await throttleLogin(db, pending.username, client.ip);
  const totp = await q.findTotp(db, pending.userId);
  const ok =
    !!totp && (await acceptCode(db, pending.userId, totp.secret, code, { recovery, now: client.now }));
  await recordLoginAttempt(db, pending.username, client.ip, ok);
  if (!ok) {
    await audit(
      db,
      { userId: pending.userId },
      { action: 'totp.codeRefused', entityType: 'user', entityId: pending.userId, outcome: 'denied' },
    );
    throw new AppError('error.totpCodeWrong', TOTP_TEXT.codeWrong);
  }
}

async function finish(db: Db, pendingId: number, userId: number, client: LoginClient) {
  if (!(await q.consumePending(db, pendingId))) {
    throw new AppError('error.totpPendingInvalid', TOTP_TEXT.pendingInvalid);
  }
  return openSession(db, { userId, ip: client.ip, userAgent: client.userAgent, via: { secondStep: 'totp' } });
}

/** The code step of a sign-in: the session. */
export async function loginWithCode(
  db: Db,
  client: LoginClient,
  body: { pendingToken: string; code: string },
) {
  const pending = await pendingOf(db, body.pendingToken, 'totp');
  await checkPendingCode(db, pending, client, body.code, true);
  return finish(db, pending.id, pending.userId, client);
}

/** The enrolment step of a sign-in: a new authenticator for the account. */
export async function startLoginEnrolment(db: Db, config: Config, pendingToken: string) {
  const pending = await pendingOf(db, pendingToken, 'enrol');
  const setup = await newSetup(config, pending.email);
  await q.savePendingSecret(db, pending.userId, setup.secret);
  return setup;
}

/** Confirms the authenticator set up during a sign-in with its first code: the session and recovery codes. */
export async function confirmLoginEnrolment(
  db: Db,
  client: LoginClient,
  body: { pendingToken: string; code: string },
) {
  const pending = await pendingOf(db, body.pendingToken, 'enrol');
  const totp = await q.findTotp(db, pending.userId);
  if (!totp || totp.enabledAt) throw new AppError('error.totpSetupMissing', TOTP_TEXT.setupMissing);
  await checkPendingCode(db, pending, client, body.code, false);
  const { codes, hashes } = newRecoveryCodes();
  return db.transaction(async (tx) => {
    await q.enable(tx, pending.userId, hashes);
    await audit(
      tx,
      { userId: pending.userId },
      { action: 'totp.enable', entityType: 'user', entityId: pending.userId, after: { during: 'signIn' } },
    );
    const session = await finish(tx, pending.id, pending.userId, client);
    return { ...session, recoveryCodes: codes };
  });
}
