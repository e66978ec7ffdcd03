import type { z } from 'zod';
import { ACCOUNT_SETUP_TEXT, type AccountSetupBody } from '../../../shared/contract/account-setup';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { assertPasswordAllowed } from '../../lib/password-rule';
import { hashPassword } from '../../lib/passwords';
import { assertAddressNotThrottled, hashToken, recordFailedAttempt } from '../auth';
import * as q from './account-setup.queries';

/** Who calls a setup route: nobody signed in, only an address (for the limit) and a request id. */
export interface SetupClient {
  ip: string;
  requestId: string;
}

/** The name failed setup links are recorded under in the sign-in attempts (no user name has a #). */
const ATTEMPT_NAME = '#account-setup';

type Problem = 'invalid' | 'expired';
type RequestRow = NonNullable<Awaited<ReturnType<typeof q.findRequest>>>;

/** Why a link cannot be used at `now` (unknown, used, account no longer pending, expired), or null. */
function problemOf(row: RequestRow | undefined, now: Date): Problem | null {
  if (!row || row.usedAt || row.userStatus !== 'pending') return 'invalid';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/**
 * Refuses an unusable link: the failure counts towards the address's limit and, for an attempt
 * to set a password, an audit row records the refusal.
 */
async function refuse(
  db: Db,
  client: SetupClient,
  problem: Problem,
  row: RequestRow | undefined,
  auditIt: boolean,
): Promise<never> {
  await recordFailedAttempt(db, ATTEMPT_NAME, client.ip);
  if (auditIt) {
    await audit(
      db,
      { userId: null, requestId: client.requestId },
      {
        action: 'account.setup',
        entityType: 'account_request',
        entityId: row?.id ?? null,
        institutionId: row?.institutionId ?? null,
        outcome: 'denied',
        after: { reason: problem },
      },
    );
  }
  throw problem === 'expired'
    ? new AppError('error.setupLinkExpired', ACCOUNT_SETUP_TEXT.linkExpired)
    : new AppError('error.setupLinkInvalid', ACCOUNT_SETUP_TEXT.linkInvalid);
}

/** The request behind a token when its link can be used now; otherwise refuses (404 / 410). */
async function usableRequest(db: Db, client: SetupClient, token: string, auditRefusal: boolean) {
  await assertAddressNotThrottled(
    db,
    client.ip,
    ACCOUNT_SETUP_TEXT.tooManyAttempts,
    'error.setupTooManyAttempts',
  );
  const row = await q.findRequest(db, hashToken(token));
  const problem = problemOf(row, new Date());
  if (problem) return refuse(db, client, problem, row, auditRefusal);
  return row as RequestRow;
}

/** GET /api/account/setup : who the link is for, when it can still be used. */
export async function checkSetupLink(db: Db, client: SetupClient, token: string) {
  const row = await usableRequest(db, client, token, false);
  return {
    username: row.username,
    firstName: row.firstName,
    institutionName: row.institutionName ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Thrown inside the transaction when the link stopped being usable since it was checked. */
class LinkTaken extends Error {}

/**
 * POST /api/account/setup : sets the password and activates the pending account, in one
 * transaction that also marks the request used (a conditional update, so a link works exactly
 * once even when posted twice at the same moment) and closes the user's other open links.
 */
export async function completeSetup(db: Db, client: SetupClient, body: z.infer<typeof AccountSetupBody>) {
  const tokenHash = hashToken(body.token);
  const link = await usableRequest(db, client, body.token, true);
  await assertPasswordAllowed(body.password, link);
  // Hashing is slow: do it before the transaction, which then holds the request's row briefly.
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  try {
    const username = await db.transaction(async (tx) => {
      const request = await q.consumeRequest(tx, tokenHash, now);
      if (!request) throw new LinkTaken();
      const user = await q.activatePendingUser(tx, request.userId, passwordHash);
      if (!user) throw new LinkTaken();
      const closed = await q.closeOpenRequests(tx, request.userId, now);
      await audit(
        tx,
        { userId: request.userId, requestId: client.requestId },
        {
          action: 'account.setup',
          entityType: 'user',
          entityId: request.userId,
          institutionId: request.institutionId,
          before: { status: 'pending' },
          after: {
            status: 'active',
            passwordSet: true,
            accountRequestId: request.id,
            closedRequestIds: closed,
          },
        },
      );
      return user.username;
    });
    return { status: 'OK' as const, username, description: ACCOUNT_SETUP_TEXT.done };
  } catch (err) {
    if (!(err instanceof LinkTaken)) throw err;
    const row = await q.findRequest(db, tokenHash);
    return refuse(db, client, problemOf(row, now) ?? 'invalid', row, true);
  }
}
