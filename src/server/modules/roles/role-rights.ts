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
  code: 'error.aboveYourRightsRole' | 'error.aboveYourRightsUser',
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
 * Refuses (403 `error.aboveYourRights` + audit) when one of the users holds, in the institution, a
 * permission the actor lacks, or a flag the actor lacks. `keepGroupId`: a role the change keeps
 * (the users' roles other than it are the ones that would be taken away).
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
  for (const u of flagged) {
    const perms = held.filter((h) => h.userId === u.id).flatMap((h) => h.permissions);
    const missing: string[] = beyond(actor, perms);
    for (const f of FLAGS) if (u[f] && !actor[f]) missing.push(f);
    if (missing.length > 0) {
      throw await refuseAbove(
        db,
        actor,
        entry,
        'error.aboveYourRightsUser',
        RIGHTS_MESSAGES.user(u.username, missing),
        { username: u.username, missing: missing.join(', ') },
      );
    }
  }
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
