import { eq } from 'drizzle-orm';
import {
  ACCOUNT_STATUS_MESSAGES,
  type AccountStatusBodyT,
  type AccountStatusResponseT,
} from '../../../shared/contract/account-status';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { assertUsersWithinRights, refuse } from '../roles';
import { accountsNotAdministered } from './shared-account';
import * as q from './users.queries';
import { assertMayEdit, userOrNotFound } from './users.service';

/**
 * Deactivates (no sign-in by password or SSO, every session ended) or reactivates an account. The
 * rights rule of every role path applies: the actor may edit the user, holds every right the user
 * holds in the institution, and administers every institution of the account (else provider staff).
 */
export async function setAccountStatus(
  db: Db,
  actor: Actor,
  institutionId: number,
  userId: number,
  body: AccountStatusBodyT,
): Promise<AccountStatusResponseT> {
  const user = await userOrNotFound(db, userId);
  const action = body.status === 'disabled' ? 'user.deactivate' : 'user.reactivate';
  const entry = {
    action,
    entityType: 'user',
    entityId: user.id,
    institutionId,
    after: { status: body.status },
  };
  if (user.id === actor.userId)
    throw new AppError('error.validation', ACCOUNT_STATUS_MESSAGES.self, {
      status: ACCOUNT_STATUS_MESSAGES.self,
    });
  if (user.status === 'pending')
    throw new AppError('error.validation', ACCOUNT_STATUS_MESSAGES.pending, {
      status: ACCOUNT_STATUS_MESSAGES.pending,
    });
  await assertMayEdit(db, actor, user, entry);
  await assertUsersWithinRights(db, actor, institutionId, [user.id], entry);
  if ((await accountsNotAdministered(db, actor, [user.id])).size > 0)
    throw await refuse(db, actor, entry, ACCOUNT_STATUS_MESSAGES.shared, 'error.sharedAccountStatus');
  if (user.status === body.status) return { status: 'OK', accountStatus: body.status, sessionsEnded: 0 };
  return db.transaction(async (tx) => {
    await q.setStatus(tx, user.id, body.status);
    const ended =
      body.status === 'disabled'
        ? (await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id }))
            .length
        : 0;
    await audit(tx, actor, {
      ...entry,
      before: { status: user.status },
      after: { status: body.status, sessionsEnded: ended },
    });
    return { status: 'OK' as const, accountStatus: body.status, sessionsEnded: ended };
  });
}
