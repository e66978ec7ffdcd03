import type { z } from 'zod';
import type { AddGroupMembersBody, ChangeGroupMembersBody } from '../../../shared/contract/roles';
import { ROLE_MESSAGES } from '../../../shared/contract/roles';
import { can, PERMISSIONS } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, accessDenied, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { addInternalUsers, removeInternalUser } from './internal-members.service';
import { binMembership, membershipBin } from './role-members.bin';
import { assertRoleWithinRights, assertUsersWithinRights, keepingRoleEditor } from './role-rights';
import * as q from './roles.queries';
import { assertGrantable, requireRule, roleOrNotFound } from './roles.rules';
import { roleWithMembers } from './roles.service';

/** GET groupAuth/groupMember?groupId= : a role with its users (the role detail page). */
export async function roleMembers(db: Db, groupId: number) {
  const group = await roleWithMembers(db, groupId);
  const users = (await q.groupUsers(db, groupId)).map((u) => ({
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    status: u.status,
    memberType: 'identity_id' as const,
  }));
  return { group, users };
}

/**
 * Checks that users may be given a role of an institution (the route has checked that the role is
 * one of it): the users belong to it (unless `allowNewMembers`), and the actor may grant the role's
 * permissions (403 + audit). Shared by the Roles page (groupMember) and the Users page (create,
 * edit, add user). Call it before the transaction (a refusal's audit row must not roll back), then
 * `q.setRole` inside it.
 */
export async function checkAssignableRole(
  db: Db,
  actor: Actor,
  institutionId: number,
  groupId: number,
  userIds: number[],
  opts: { allowNewMembers?: boolean; action: string },
) {
  const g = await roleOrNotFound(db, groupId);
  if (!opts.allowNewMembers) {
    const members = new Set(await q.institutionMemberIds(db, institutionId, userIds));
    const outsiders = userIds.filter((id) => !members.has(id));
    if (outsiders.length > 0) {
      throw new AppError('error.usersNotMembers', 'Some users do not belong to this institution.', {
        memberIds: `Not in this institution: ${outsiders.join(', ')}`,
      });
    }
  }
  const entry = {
    action: opts.action,
    entityType: 'role',
    entityId: g.id,
    institutionId,
    after: { userIds },
  };
  await assertGrantable(db, actor, g.permissions, entry);
  // The roles they lose: nobody takes away rights they do not hold themselves.
  await assertUsersWithinRights(db, actor, institutionId, userIds, entry, g.id);
  return g;
}

/**
 * Gives users `groupId` as their one role in the institution (inside the caller's transaction);
 * refuses (409) a change that leaves the institution without a CAN_CREATE_EDIT_ROLES holder.
 */
export const setRole = (db: Db, institutionId: number, groupId: number, userIds: number[]) =>
  keepingRoleEditor(db, institutionId, () => q.setRole(db, institutionId, groupId, userIds));

/** POST groupAuth/groupMember: add users to a role (their role in the institution), or to the internal group. */
export async function addGroupMembers(
  db: Db,
  actor: Actor,
  body: z.infer<typeof AddGroupMembersBody>,
  providerDomains: readonly string[],
) {
  const g = await q.findGroup(db, body.groupId);
  if (!g) throw notFound('Role');
  const ids = [...new Set(body.memberIds)];
  if (g.isInternal || g.contextId === null) return addInternalUsers(db, actor, g.id, ids, providerDomains);
  const entry = {
    action: 'role.members.add',
    entityType: 'role',
    entityId: g.id,
    institutionId: g.contextId,
  };
  await requireRule(db, actor, 'editRoles', { ...entry, after: { userIds: ids } });
  if ((await q.existingUserIds(db, ids)).length !== ids.length) throw notFound('User');
  await checkAssignableRole(db, actor, g.contextId, g.id, ids, { action: entry.action });
  const count = await db.transaction(async (tx) => {
    const changed = await setRole(tx, g.contextId!, g.id, ids);
    await audit(tx, actor, { ...entry, after: { userIds: ids } });
    return changed;
  });
  return { status: 'OK' as const, count, description: ROLE_MESSAGES.usersChanged };
}

/** PUT groupAuth/groupMember: move selected users, or all users, of one role to another role. */
export async function changeGroupMembers(db: Db, actor: Actor, body: z.infer<typeof ChangeGroupMembersBody>) {
  const to = await roleOrNotFound(db, body.groupId);
  const from = await roleOrNotFound(db, body.fromGroupId);
  if (from.contextId !== to.contextId) throw notFound('Role');
  const entry = {
    action: 'role.members.change',
    entityType: 'role',
    entityId: from.id,
    institutionId: from.contextId,
  };
  await requireRule(db, actor, 'editRoles', { ...entry, after: { to: to.id } });
  await assertRoleWithinRights(db, actor, from, { ...entry, after: { to: to.id } });
  const current = (await q.memberIdsOf(db, [from.id])).get(from.id) ?? [];
  let ids = current;
  if (!body.all) {
    const inRole = new Set(current);
    const wanted = [...new Set(body.memberIds ?? [])];
    const strangers = wanted.filter((id) => !inRole.has(id));
    if (strangers.length > 0) {
      throw new AppError(
        'error.usersLackRole',
        `Some users do not hold the role ${from.name}.`,
        { memberIds: `Not in the role: ${strangers.join(', ')}` },
        undefined,
        { name: from.name },
      );
    }
    ids = wanted;
  }
  await checkAssignableRole(db, actor, to.contextId, to.id, ids, { action: entry.action });
  const count = await db.transaction(async (tx) => {
    const changed = await setRole(tx, to.contextId, to.id, ids);
    await audit(tx, actor, {
      ...entry,
      before: { groupId: from.id },
      after: { groupId: to.id, userIds: ids },
    });
    return changed;
  });
  return { status: 'OK' as const, count, description: ROLE_MESSAGES.usersChanged };
}

/** DELETE groupAuth/groupMember?groupId=&memberType=&memberId= */
export async function removeGroupMember(db: Db, actor: Actor, groupId: number, memberId: number) {
  const g = await q.findGroup(db, groupId);
  if (!g) throw notFound('Role');
  if (g.isInternal || g.contextId === null) return removeInternalUser(db, actor, g.id, memberId);
  const entry = {
    action: 'role.members.remove',
    entityType: 'role',
    entityId: g.id,
    institutionId: g.contextId,
  };
  await requireRule(db, actor, 'editRoles', { ...entry, before: { userId: memberId } });
  await assertRoleWithinRights(db, actor, g, { ...entry, before: { userId: memberId } });
  await assertUsersWithinRights(db, actor, g.contextId, [memberId], {
    ...entry,
    before: { userId: memberId },
  });
  const removed = await db.transaction(async (tx) => {
    const row = await q.memberRowOf(tx, g.id, memberId);
    const n = await keepingRoleEditor(tx, g.contextId!, () => q.removeMember(tx, g.id, memberId));
    if (n === 0 || !row) throw notFound('Member');
    await membershipBin.put(tx, actor, await binMembership(tx, g.id, row));
    await audit(tx, actor, { ...entry, before: { userId: memberId } });
    return n;
  });
  return { status: 'OK' as const, count: removed, description: ROLE_MESSAGES.updated };
}

/**
 * GET groupAuth/groupsByMember: the caller's own groups (all of them for flag holders, else those
 * of `organizationIdForRole`), or another user's groups in an institution where the caller may
 * see users or roles.
 */
export async function groupsByMember(db: Db, actor: Actor, memberId: number, organizationIdForRole?: number) {
  const self = memberId === actor.userId;
  if (!self) {
    if (organizationIdForRole === undefined) {
      throw new AppError(
        'error.institutionRequired',
        'organizationIdForRole: an institution id is required.',
        { organizationIdForRole: 'Required for another user.' },
        undefined,
        { field: 'organizationIdForRole' },
      );
    }
    if (!can(actor.caps, 'viewUsers') && !can(actor.caps, 'viewRoles')) throw accessDenied();
    const members = await q.institutionMemberIds(db, organizationIdForRole, [memberId]);
    if (members.length === 0) throw notFound('User');
  }
  const anyFlag = actor.superAdmin || actor.associateSuperAdmin || actor.nasupport;
  const scope = self && anyFlag ? undefined : organizationIdForRole;
  const rows = await q.groupsOfUser(db, memberId, scope);
  return {
    groups: rows.map((r) => ({ ...r, permissions: PERMISSIONS.filter((p) => r.permissions.includes(p)) })),
  };
}
