import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as q from './totp.queries';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Courseware Admin';
/** Codes of the step before and after the current one are accepted too (clock drift). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

/** A new secret, its otpauth:// URI and the QR code of that URI. */
export async function newSetup(config: Config, label: string) {
  // loaded when an account first sets up or uses a second factor, not at every start
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
    import('otplib'),
    import('qrcode'),
  ]);
  const secret = generateSecret();
  const issuer = config.appEnv === 'prod' ? ISSUER : `${ISSUER} (${config.appEnv})`;
  const otpauthUrl = generateURI({ issuer, label, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Ten recovery codes (xxxxx-xxxxx, hex) and their hashes. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/**
 * Checks a 6-digit code against `secret` and takes its time step, so the same code (or an older
 * one) is refused afterwards. With `recovery`, an unused recovery code of the account also passes
 * (and is used up).
 */
export async function acceptCode(
  db: Db,
  userId: number,
  secret: string,
  code: string,
  opts: { recovery: boolean; now: Date },
): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    const { verify } = await import('otplib');
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(opts.now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    }).catch(() => null);
    if (!result?.valid || !('timeStep' in result)) return false;
    return q.claimTimeStep(db, userId, result.timeStep);
  }
  if (!opts.recovery) return false;
  return q.spendRecoveryCode(db, userId, hashCode(code));
}
