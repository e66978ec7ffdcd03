import { INTERNAL_USER_MESSAGES } from '../../../shared/contract/internal-users';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { requireProviderAccounts } from './provider-accounts';
import { binMembership, membershipBin } from './role-members.bin';
import { addMembers, existingUserIds, isMember, memberRowOf, removeMember } from './roles.queries';
import { requireRule } from './roles.rules';

/*
 * Membership of the internal-user group goes through POST/DELETE groupAuth/groupMember like any
 * role's; the EAD Admin page (internal-users feature) only reads it.
 */

/** POST groupAuth/groupMember on the internal group: super admins give users the internal-user role. */
export async function addInternalUsers(
  db: Db,
  actor: Actor,
  groupId: number,
  userIds: number[],
  providerDomains: readonly string[],
) {
  const ids = [...new Set(userIds)];
  await requireRule(db, actor, 'editInternalUsers', {
    action: 'internalUser.add',
    entityType: 'group',
    entityId: groupId,
    after: { userIds: ids },
  });
  const found = await existingUserIds(db, ids);
  if (found.length !== ids.length) throw notFound('User');
  await requireProviderAccounts(db, actor, groupId, ids, providerDomains);
  const count = await db.transaction(async (tx) => {
    const added = await addMembers(tx, groupId, ids);
    if (added === 0) throw new AppError('error.alreadyInternal', INTERNAL_USER_MESSAGES.alreadyInternal);
    await audit(tx, actor, {
      action: 'internalUser.add',
      entityType: 'group',
      entityId: groupId,
      after: { userIds: ids },
    });
    return added;
  });
  return { status: 'OK' as const, count, description: INTERNAL_USER_MESSAGES.created };
}

/** DELETE groupAuth/groupMember on the internal group. */
export async function removeInternalUser(db: Db, actor: Actor, groupId: number, userId: number) {
  await requireRule(db, actor, 'editInternalUsers', {
    action: 'internalUser.remove',
    entityType: 'group',
    entityId: groupId,
    before: { userId },
  });
  if (!(await isMember(db, groupId, userId))) throw notFound('Internal user');
  await db.transaction(async (tx) => {
    const row = await memberRowOf(tx, groupId, userId);
    if (!row || (await removeMember(tx, groupId, userId)) === 0) throw notFound('Internal user');
    await membershipBin.put(tx, actor, await binMembership(tx, groupId, row));
    await audit(tx, actor, {
      action: 'internalUser.remove',
      entityType: 'group',
      entityId: groupId,
      before: { userId },
    });
  });
  return { status: 'OK' as const, count: 1, description: INTERNAL_USER_MESSAGES.removed };
}
