import {
  INTERNAL_USER_CSV_HEADER,
  INTERNAL_USER_MESSAGES,
  type InternalUser,
} from '../../../shared/contract/internal-users';
import { can, INTERNAL_USER_RIGHTS } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { toCsv } from '../../lib/csv';
import {
  addMembers,
  existingUserIds,
  findGroup,
  findGroupByExternalId,
  removeMember,
} from '../roles/roles.queries';
import { requireRule } from '../roles/roles.rules';
import { internalMembers, isMember } from './internal-users.queries';

/**
 * The internal-user group: the groups row whose externalId is the environment's internal group id.
 * `ref` may name it by that id or by its numeric id; anything else is 404.
 */
export async function internalGroup(db: Db, internalGroupId: string, ref?: string) {
  const g =
    ref && /^\d+$/.test(ref)
      ? await findGroup(db, Number(ref))
      : await findGroupByExternalId(db, ref || internalGroupId);
  if (!g || g.externalId !== internalGroupId) throw notFound('Group');
  return g;
}

function toInternalUser(u: Awaited<ReturnType<typeof internalMembers>>[number]): InternalUser {
  return {
    piId: String(u.id),
    memberName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    userName: u.username,
    memberType: 'identity_id',
    permissions: { ...INTERNAL_USER_RIGHTS },
  };
}

/** GET groupAuth/userGroupDetails: the internal users and whether the caller may change them. */
export async function listInternalUsers(db: Db, actor: Actor, internalGroupId: string, ref?: string) {
  const g = await internalGroup(db, internalGroupId, ref);
  const users = (await internalMembers(db, g.id)).map(toInternalUser);
  return { groupId: g.id, externalId: g.externalId!, users, canEdit: can(actor.caps, 'editInternalUsers') };
}

/** InternalUserList.csv: spec §3 columns without the {hash} placeholders. */
export async function internalUsersCsv(db: Db, internalGroupId: string): Promise<string> {
  const g = await internalGroup(db, internalGroupId);
  const rows = (await internalMembers(db, g.id)).map((u) => {
    const r = INTERNAL_USER_RIGHTS;
    return [
      String(u.id),
      u.username,
      u.email,
      r.accessAllInstitutions,
      r.accessCoursesTab,
      r.accessCourseDetailsTab,
      r.accessOffersPage,
      r.accessProductsTab,
      r.accessAdminTab,
      r.copyCoursesInCourseTab,
      r.editCourseInformationInCourseTab,
      r.editCourseInformationInCourseDetailsTab,
    ];
  });
  return toCsv(INTERNAL_USER_CSV_HEADER, rows);
}

/** POST groupAuth/groupMember on the internal group: super admins give users the internal-user role. */
export async function addInternalUsers(db: Db, actor: Actor, groupId: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  await requireRule(db, actor, 'editInternalUsers', {
    action: 'internalUser.add',
    entityType: 'group',
    entityId: groupId,
    after: { userIds: ids },
  });
  const found = await existingUserIds(db, ids);
  if (found.length !== ids.length) throw notFound('User');
  const count = await db.transaction(async (tx) => {
    const added = await addMembers(tx, groupId, ids);
    if (added === 0) throw new AppError('error.conflict', INTERNAL_USER_MESSAGES.alreadyInternal);
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
    await removeMember(tx, groupId, userId);
    await audit(tx, actor, {
      action: 'internalUser.remove',
      entityType: 'group',
      entityId: groupId,
      before: { userId },
    });
  });
  return { status: 'OK' as const, count: 1, description: INTERNAL_USER_MESSAGES.removed };
}
