import { and, eq } from 'drizzle-orm';
import {
  INSTITUTION_REMOVAL_MESSAGES,
  type InstitutionRemovalResponseT,
} from '../../../shared/contract/institution-removal';
import type { Db } from '../../db/client';
import { groupMembers, groups, memberships } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { assertUsersWithinRights, membershipBin, membershipName, NO_ROLE_GROUP } from '../roles';
import { assertMayEdit, userOrNotFound } from './users.service';

async function rowsOf(db: Db, institutionId: number, userId: number) {
  const role = await db
    .select({ member: groupMembers, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), eq(groups.contextId, institutionId)));
  const member = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.institutionId, institutionId)));
  return { role, member };
}

/**
 * Removes a user (a departed instructor) from the institution: their membership and role there go,
 * the account stays. The rights rule of every role path applies (the actor holds every right the
 * user holds there); audited; restorable from the recycle bin as a membership entry.
 */
export async function removeFromInstitution(
  db: Db,
  actor: Actor,
  institutionId: number,
  userId: number,
): Promise<InstitutionRemovalResponseT> {
  const user = await userOrNotFound(db, userId);
  const entry = {
    action: 'user.removeFromInstitution',
    entityType: 'user',
    entityId: user.id,
    institutionId,
  };
  if (user.id === actor.userId)
    throw new AppError('error.validation', INSTITUTION_REMOVAL_MESSAGES.self, {
      id: INSTITUTION_REMOVAL_MESSAGES.self,
    });
  await assertMayEdit(db, actor, user, entry);
  await assertUsersWithinRights(db, actor, institutionId, [user.id], entry);
  const userName = `${user.firstName} ${user.lastName}`.trim();
  return db.transaction(async (tx) => {
    const { role, member } = await rowsOf(tx, institutionId, user.id);
    const first = role[0];
    for (const r of role)
      await tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, r.member.groupId), eq(groupMembers.userId, user.id)));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.institutionId, institutionId)));
    const recycleBinId = await membershipBin.put(tx, actor, {
      institutionId,
      entityId: user.id,
      name: first ? membershipName(userName, first.name) : userName,
      snapshot: {
        group: {
          id: first?.member.groupId ?? NO_ROLE_GROUP,
          name: first?.name ?? '',
          contextId: institutionId,
          isInternal: false,
        },
        member: first?.member ?? { groupId: NO_ROLE_GROUP, userId: user.id },
        userName,
        memberships: member as unknown as Record<string, unknown>[],
      },
    });
    await audit(tx, actor, {
      ...entry,
      before: { roles: role.map((r) => r.name), courseRole: member[0]?.courseRole ?? null },
      after: { recycleBinId },
    });
    return { status: 'OK' as const, rolesRemoved: role.length, recycleBinId };
  });
}
