import type { z } from 'zod';
import type { CreateGroupBody, DeleteGroupBody, UpdateGroupBody } from '../../../shared/contract/roles';
import { ROLE_MESSAGES } from '../../../shared/contract/roles';
import { can, PERMISSIONS, type Permission } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound, refusal } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { assertRoleWithinRights, assertUsersWithinRights, keepingRoleEditor } from './role-rights';
import { roleBin } from './role.bin';
import * as q from './roles.queries';
import { isUniqueViolation } from '../../db/errors';
import { assertGrantable, grantable, roleOrNotFound, toRole } from './roles.rules';

const dedupe = (list: readonly string[]): Permission[] => PERMISSIONS.filter((p) => list.includes(p));

/** GET groupAuth/group?contextId= : the institution's roles and what the caller may do with them. */
export async function listRoles(db: Db, actor: Actor, contextId: number) {
  const groups = await q.listGroups(db, contextId);
  return { groups: groups.map(toRole), canEdit: can(actor.caps, 'editRoles'), grantable: grantable(actor) };
}

async function roleWithMembers(db: Db, id: number) {
  const g = await roleOrNotFound(db, id);
  const members = await q.memberIdsOf(db, [id]);
  return toRole({ ...g, memberIds: members.get(id) ?? [] });
}

/** POST groupAuth/group: create a role, or copy the permissions of another role of the institution (the route checks it is one). */
export async function createRole(db: Db, actor: Actor, body: z.infer<typeof CreateGroupBody>) {
  const { contextId, name } = body;
  if (!(await q.institutionExists(db, contextId))) throw notFound('Institution');
  let permissions = dedupe(body.permissions);
  let copiedFrom: number | undefined;
  if (body.copyFromGroupId !== undefined) {
    const source = await roleOrNotFound(db, body.copyFromGroupId);
    permissions = dedupe(source.permissions);
    copiedFrom = source.id;
  }
  const action = copiedFrom ? 'role.copy' : 'role.create';
  await assertGrantable(db, actor, permissions, {
    action,
    entityType: 'role',
    institutionId: contextId,
    after: { name, permissions },
  });
  if (await q.nameTaken(db, contextId, name))
    throw new AppError('error.roleNameTaken', ROLE_MESSAGES.duplicate);
  try {
    const row = await db.transaction(async (tx) => {
      const g = await q.insertGroup(tx, { contextId, name, permissions });
      await audit(tx, actor, {
        action,
        entityType: 'role',
        entityId: g.id,
        institutionId: contextId,
        after: { name, permissions, copiedFrom },
      });
      return g;
    });
    return { group: toRole({ ...row, memberIds: [] }), description: ROLE_MESSAGES.created };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('error.roleNameTaken', ROLE_MESSAGES.duplicate);
    throw err;
  }
}

async function refuseOnlyRole(db: Db, contextId: number) {
  if ((await q.countGroups(db, contextId)) <= 1) throw new AppError('error.onlyRole', ROLE_MESSAGES.onlyRole);
}

/** PUT groupAuth/group?groupId= : rename and/or change permissions, guarded by the role's version. */
export async function updateRole(
  db: Db,
  actor: Actor,
  groupId: number,
  body: z.infer<typeof UpdateGroupBody>,
) {
  const g = await roleOrNotFound(db, groupId);
  await refuseOnlyRole(db, g.contextId);
  await assertRoleWithinRights(db, actor, g, {
    action: 'role.update',
    entityType: 'role',
    entityId: g.id,
    institutionId: g.contextId,
    before: { name: g.name, permissions: g.permissions },
    after: body,
  });
  const changes: { name?: string; permissions?: Permission[] } = {};
  if (body.name !== undefined && body.name !== g.name) {
    if (await q.nameTaken(db, g.contextId, body.name, g.id)) {
      throw new AppError('error.roleNameTaken', ROLE_MESSAGES.duplicate);
    }
    changes.name = body.name;
  }
  if (body.permissions !== undefined) {
    const next = dedupe(body.permissions);
    const added = next.filter((p) => !g.permissions.includes(p));
    await assertGrantable(db, actor, added, {
      action: 'role.update',
      entityType: 'role',
      entityId: g.id,
      institutionId: g.contextId,
      before: { permissions: g.permissions },
      after: { permissions: next },
    });
    changes.permissions = next;
  }
  const before = { name: g.name, permissions: g.permissions, version: g.version };
  try {
    await db.transaction(async (tx) => {
      const row = await keepingRoleEditor(tx, g.contextId, () =>
        q.updateGroupVersioned(tx, g.id, body.version, changes),
      );
      if (!row) throw new AppError('error.roleVersionConflict', ROLE_MESSAGES.conflict);
      await audit(tx, actor, {
        action: 'role.update',
        entityType: 'role',
        entityId: g.id,
        institutionId: g.contextId,
        before,
        after: { name: row.name, permissions: row.permissions, version: row.version },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('error.roleNameTaken', ROLE_MESSAGES.duplicate);
    throw err;
  }
  return { group: await roleWithMembers(db, g.id), description: ROLE_MESSAGES.updated };
}

/**
 * DELETE groupAuth/group?groupId= : users of the role must be mapped to other roles of the same
 * institution (per user, or all to one role); the moves and the delete happen in one transaction.
 */
export async function deleteRole(
  db: Db,
  actor: Actor,
  groupId: number,
  body: z.infer<typeof DeleteGroupBody>,
) {
  const g = await roleOrNotFound(db, groupId);
  await refuseOnlyRole(db, g.contextId);
  await assertRoleWithinRights(db, actor, g, {
    action: 'role.delete',
    entityType: 'role',
    entityId: g.id,
    institutionId: g.contextId,
    before: { name: g.name, permissions: g.permissions },
  });
  if (body.version !== undefined && body.version !== g.version) {
    throw new AppError('error.roleVersionConflict', ROLE_MESSAGES.conflict);
  }
  const memberIds = (await q.memberIdsOf(db, [g.id])).get(g.id) ?? [];
  const explicit = new Map(body.mappings.map((m) => [m.memberId, m.groupId]));
  const plan = new Map<number, number[]>();
  const unmapped: number[] = [];
  for (const userId of memberIds) {
    const target = explicit.get(userId) ?? body.reassignAllTo;
    if (target === undefined) unmapped.push(userId);
    else plan.set(target, [...(plan.get(target) ?? []), userId]);
  }
  if (unmapped.length > 0) {
    throw refusal('error.roleHasUsers', `${ROLE_MESSAGES.mapFirst} (${unmapped.length} not mapped)`, {
      unmapped: unmapped.length,
    });
  }
  for (const target of plan.keys()) {
    const t = await q.findGroup(db, target);
    if (!t || t.contextId !== g.contextId || t.isInternal || t.id === g.id) {
      throw new AppError(
        'error.mapToSameInstitution',
        'Map the users to another role of the same institution.',
        {
          mappings: 'Unknown role.',
        },
      );
    }
    await assertGrantable(db, actor, t.permissions, {
      action: 'role.delete',
      entityType: 'role',
      entityId: g.id,
      institutionId: g.contextId,
      after: { moveTo: t.id },
    });
  }
  // the members lose this role: nobody moves users holding rights (or flags) the actor lacks
  await assertUsersWithinRights(db, actor, g.contextId, memberIds, {
    action: 'role.delete',
    entityType: 'role',
    entityId: g.id,
    institutionId: g.contextId,
    after: { moved: Object.fromEntries(plan) },
  });
  let moved = 0;
  await db.transaction(async (tx) => {
    const members = await q.memberRowsOf(tx, g.id);
    await keepingRoleEditor(tx, g.contextId, async () => {
      for (const [target, ids] of plan) moved += await q.setRole(tx, g.contextId, target, ids);
      await q.deleteGroup(tx, g.id);
    });
    const movedTo: Record<string, number> = {};
    for (const [target, ids] of plan) for (const id of ids) movedTo[id] = target;
    await roleBin.put(tx, actor, {
      institutionId: g.contextId,
      entityId: g.id,
      name: g.name,
      snapshot: { group: g, members, movedTo },
    });
    await audit(tx, actor, {
      action: 'role.delete',
      entityType: 'role',
      entityId: g.id,
      institutionId: g.contextId,
      before: { name: g.name, permissions: g.permissions, memberIds },
      after: { moved: Object.fromEntries(plan) },
    });
  });
  return { status: 'OK' as const, moved, description: ROLE_MESSAGES.deleted };
}

export { roleWithMembers };
