import { TOTP_TEXT } from '../../../shared/contract/totp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { verifyPassword } from '../../lib/passwords';
import { recordLoginAttempt, throttleLogin } from '../auth';
import { acceptCode, newRecoveryCodes, newSetup } from './totp.codes';
import { totpRequired } from './totp.login';
import * as q from './totp.queries';

export async function totpStatus(db: Db, config: Config, actor: Actor) {
  const totp = await q.findTotp(db, actor.userId);
  return { enabled: !!totp?.enabledAt, required: totpRequired(config, actor) };
}

/** Starts setting up an authenticator: the secret and its QR code (shown this once). */
export async function setupTotp(db: Db, config: Config, actor: Actor) {
  const totp = await q.findTotp(db, actor.userId);
  if (totp?.enabledAt) throw new AppError('error.totpAlreadyEnabled', TOTP_TEXT.alreadyEnabled);
  const account = await q.findAccount(db, actor.userId);
  const setup = await newSetup(config, account.email);
  await q.savePendingSecret(db, actor.userId, setup.secret);
  return setup;
}

/** Turns two-step sign-in on with the first code of the authenticator just set up. */
export async function confirmTotp(db: Db, actor: Actor, code: string, now: Date) {
  const totp = await q.findTotp(db, actor.userId);
  if (!totp) throw new AppError('error.totpSetupMissing', TOTP_TEXT.setupMissing);
  if (totp.enabledAt) throw new AppError('error.totpAlreadyEnabled', TOTP_TEXT.alreadyEnabled);
  if (!(await acceptCode(db, actor.userId, totp.secret, code, { recovery: false, now }))) {
    throw new AppError('error.totpCodeWrong', TOTP_TEXT.codeWrong);
  }
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await q.enable(tx, actor.userId, hashes);
    await audit(tx, actor, { action: 'totp.enable', entityType: 'user', entityId: actor.userId });
  });
  return { recoveryCodes: codes };
}

/** Turns two-step sign-in off after the password and a code (both under the sign-in limits). */
export async function disableTotp(
  db: Db,
  actor: Actor,
  client: { ip: string; now: Date },
  body: { password: string; code: string },
) {
  const { ip, now } = client;
  const account = await q.findAccount(db, actor.userId);
  const totp = await q.findTotp(db, actor.userId);
  if (!totp?.enabledAt) throw new AppError('error.totpNotEnabled', TOTP_TEXT.notEnabled);
  await throttleLogin(db, account.username, ip);
  if (!(await verifyPassword(account.passwordHash, body.password))) {
    await recordLoginAttempt(db, account.username, ip, false);
    throw new AppError('error.currentPasswordWrong', 'The current password is incorrect.');
  }
  const ok = await acceptCode(db, actor.userId, totp.secret, body.code, { recovery: true, now });
  await recordLoginAttempt(db, account.username, ip, ok);
  if (!ok) throw new AppError('error.totpCodeWrong', TOTP_TEXT.codeWrong);
  await db.transaction(async (tx) => {
    await q.removeTotp(tx, actor.userId);
    await audit(tx, actor, { action: 'totp.disable', entityType: 'user', entityId: actor.userId });
  });
  return { status: 'OK' as const };
}

/** A super admin removes another account's authenticator (support case): it signs in with its password alone again. */
export async function resetTotp(db: Db, actor: Actor, userId: number) {
  if (!(await q.findAccount(db, userId))) throw new AppError('error.userNotFound', 'User not found.');
  return db.transaction(async (tx) => {
    if (!(await q.removeTotp(tx, userId))) {
      throw new AppError('error.totpNotEnabled', TOTP_TEXT.notEnabled);
    }
    await audit(tx, actor, { action: 'totp.reset', entityType: 'user', entityId: userId });
    return { status: 'OK' as const };
  });
}
