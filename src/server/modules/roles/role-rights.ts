import { and, arrayContains, countDistinct, eq, inArray, ne } from 'drizzle-orm';
import { RIGHTS_MESSAGES } from '../../../shared/contract/role-rights';
import { FLAGS, PERMISSIONS, type Permission } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit, type AuditEntry } from '../../lib/audit';
import { grantable } from './roles.rules';

/**
 * "Nobody acts above their own rights" (ARCHITECTURE §4): a role holding a
 * permission the actor lacks may not be changed, deleted or have its members changed; a user
 * holding one (or a flag the actor lacks) may not have their roles changed; and no change may
 * leave an institution without a holder of CAN_CREATE_EDIT_ROLES.
 */

const ROLE_EDITOR: Permission = 'CAN_CREATE_EDIT_ROLES';

/** The permissions of `held` the actor lacks (NO_DASHBOARD_ACCESS never counts: it only takes rights away). */
function beyond(actor: Actor, held: readonly string[]): Permission[] {
  const mine = new Set(grantable(actor));
  return PERMISSIONS.filter((p) => held.includes(p) && !mine.has(p));
}

async function refuseAbove(
  db: Db,
  actor: Actor,
  entry: AuditEntry,
  code: 'error.aboveYourRightsRole',
  description: string,
  params: Record<string, string>,
) {
  await audit(db, actor, { ...entry, outcome: 'denied' });
  return new AppError(code, description, undefined, undefined, params);
}

/** Refuses (403 `error.aboveYourRights` + audit) when the role holds a permission the actor lacks. */
export async function assertRoleWithinRights(
  db: Db,
  actor: Actor,
  role: { name: string; permissions: readonly string[] },
  entry: AuditEntry,
) {
  const missing = beyond(actor, role.permissions);
  if (missing.length > 0) {
    throw await refuseAbove(
      db,
      actor,
      entry,
      'error.aboveYourRightsRole',
      RIGHTS_MESSAGES.role(role.name, missing),
      {
        name: role.name,
        missing: missing.join(', '),
      },
    );
  }
}

/**
 * The rights a user holds that the actor lacks: permissions (`perms`, what the user holds in the
 * institution) and flags. A super admin's rights cover the associate and support flags (as act-as
 * already assumes).
 */
export function rightsBeyond(
  actor: Actor,
  perms: readonly string[],
  user: Partial<Record<(typeof FLAGS)[number], boolean>>,
): string[] {
  const missing: string[] = beyond(actor, perms);
  for (const f of FLAGS) if (user[f] && !actor[f] && !actor.superAdmin) missing.push(f);
  return missing;
}

/**
 * Refuses (403 + audit) when users hold, in the institution, a permission the actor lacks, or a
 * flag the actor lacks: `error.aboveYourRightsUser` for one, `error.aboveYourRightsUsers` naming
 * each of several. `keepGroupId`: a role the change keeps (the users' roles other than it are the
 * ones that would be taken away).
 */
export async function assertUsersWithinRights(
  db: Db,
  actor: Actor,
  institutionId: number,
  userIds: readonly number[],
  entry: AuditEntry,
  keepGroupId?: number,
) {
  if (userIds.length === 0) return;
  const ids = [...new Set(userIds)];
  const held = await db
    .select({ userId: groupMembers.userId, permissions: groups.permissions })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groups.contextId, institutionId),
        inArray(groupMembers.userId, ids),
        keepGroupId === undefined ? undefined : ne(groups.id, keepGroupId),
      ),
    );
  const flagged = await db
    .select({
      id: users.id,
      username: users.username,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  flagged.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
  const blocking = flagged.flatMap((u) => {
    const perms = held.filter((h) => h.userId === u.id).flatMap((h) => h.permissions);
    const missing = rightsBeyond(actor, perms, u);
    return missing.length > 0 ? [{ username: u.username, missing }] : [];
  });
  if (blocking.length === 0) return;
  await audit(db, actor, {
    ...entry,
    outcome: 'denied',
    after: { ...(entry.after as object), blocking: blocking.map((b) => b.username) },
  });
  if (blocking.length === 1) {
    const [{ username, missing }] = blocking;
    throw new AppError(
      'error.aboveYourRightsUser',
      RIGHTS_MESSAGES.user(username, missing),
      undefined,
      undefined,
      { username, missing: missing.join(', ') },
    );
  }
  const named = blocking.map((b) => `${b.username} (${b.missing.join(', ')})`);
  throw new AppError('error.aboveYourRightsUsers', RIGHTS_MESSAGES.users(named), undefined, undefined, {
    users: named.join('; '),
  });
}

/** How many users hold CAN_CREATE_EDIT_ROLES through a role of the institution. */
export async function roleEditorCount(db: Db, institutionId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(groupMembers.userId) })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.contextId, institutionId), arrayContains(groups.permissions, [ROLE_EDITOR])));
  return Number(row?.n ?? 0);
}

/**
 * Runs `change` (inside the caller's transaction) and refuses it (409 `error.lastRoleEditor`, the
 * transaction rolls back) when it takes the institution's last CAN_CREATE_EDIT_ROLES holder away.
 */
export async function keepingRoleEditor<T>(db: Db, institutionId: number, change: () => Promise<T>) {
  const before = await roleEditorCount(db, institutionId);
  const result = await change();
  if (before > 0 && (await roleEditorCount(db, institutionId)) === 0) {
    throw new AppError('error.lastRoleEditor', RIGHTS_MESSAGES.lastRoleEditor);
  }
  return result;
}
