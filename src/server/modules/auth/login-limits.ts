import { setTimeout as sleep } from 'node:timers/promises';
import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as q from './auth.queries';

/**
 * Sign-in limits, all over the last 15 minutes:
 * - one account from one address: 10 failures, then 429 for that pair only;
 * - one account from everywhere: never locked, but each attempt waits longer as failures pile up,
 *   so a distributed guesser is slowed while the owner can still sign in;
 * - one address for every account: a high ceiling, since behind a proxy many people share one.
 */
export const PAIR_MAX_FAILURES = LOGIN_MAX_FAILURES;
export const ADDRESS_MAX_FAILURES = LOGIN_ADDRESS_MAX_FAILURES;
/** Account-wide failures after which every attempt on that account is slowed. */
export const ACCOUNT_SLOW_AFTER = LOGIN_MAX_FAILURES;
/** Added wait per failure past ACCOUNT_SLOW_AFTER, and its cap. */
export const ACCOUNT_DELAY_STEP_MS = 100;
export const ACCOUNT_DELAY_MAX_MS = 3_000;

/** The wait before checking a password of an account with `failures` recent failures. */
export function accountDelayMs(failures: number) {
  return Math.min(ACCOUNT_DELAY_MAX_MS, Math.max(0, failures - ACCOUNT_SLOW_AFTER) * ACCOUNT_DELAY_STEP_MS);
}

const since = () => new Date(Date.now() - LOGIN_WINDOW_MS);

/** Refuses (429) an address past its ceiling or an (account, address) pair past its limit; slows a busy account. */
export async function throttleLogin(db: Db, username: string, ip: string) {
  const from = since();
  if ((await q.recentPairFailures(db, username, ip, from)) >= PAIR_MAX_FAILURES) {
    throw new AppError(
      'error.tooManyAttemptsAccount',
      'Too many failed sign-in attempts for this account. Wait 15 minutes and try again.',
    );
  }
  await assertAddressNotThrottled(
    db,
    ip,
    'Too many failed sign-in attempts from this address. Wait 15 minutes and try again.',
    'error.tooManyAttemptsAddress',
  );
  const delay = accountDelayMs(await q.recentFailures(db, 'username', username, from));
  if (delay > 0) await sleep(delay);
}

/**
 * Refuses (429) an address with too many failures in the last 15 minutes. Failed sign-ins and
 * failed account-setup links (recorded with `recordFailedAttempt`) count together.
 */
export async function assertAddressNotThrottled(
  db: Db,
  ip: string,
  description: string,
  code: 'error.tooManyAttemptsAddress' | 'error.setupTooManyAttempts',
) {
  if ((await q.recentFailures(db, 'ip', ip, since())) >= ADDRESS_MAX_FAILURES) {
    throw new AppError(code, description);
  }
}
