import { eq, and } from 'drizzle-orm';
import { PERMISSIONS, type Capabilities, type Permission } from '../../shared/permissions';
import type { Db } from '../db/client';
import { groupMembers, groups, memberships } from '../db/schema';

export interface CapabilityUser {
  id: number;
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
}

/**
 * THE capability function (ARCHITECTURE §4): the union of the user's groups' permissions in the
 * institution (all groups for flag holders), the three flags, and internal-user membership.
 */
export async function capabilities(
  db: Db,
  user: CapabilityUser,
  organizationId: number | undefined,
  internalGroupId: string,
): Promise<Capabilities> {
  const rows = await db
    .select({ contextId: groups.contextId, permissions: groups.permissions, externalId: groups.externalId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, user.id));
  const anyFlag = user.superAdmin || user.associateSuperAdmin || user.nasupport;
  const internalUser = rows.some((r) => r.externalId === internalGroupId);
  const counted = rows.filter(
    (r) => r.externalId !== internalGroupId && (anyFlag || r.contextId === organizationId),
  );
  const granted = new Set<string>(counted.flatMap((r) => r.permissions));
  const permissions = PERMISSIONS.filter((p): p is Permission => granted.has(p));

  let member = false;
  if (organizationId !== undefined) {
    member = rows.some((r) => r.contextId === organizationId);
    if (!member) {
      const m = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.institutionId, organizationId)))
        .limit(1);
      member = m.length > 0;
    }
  }
  return {
    permissions,
    superAdmin: user.superAdmin,
    associateSuperAdmin: user.associateSuperAdmin,
    nasupport: user.nasupport,
    internalUser,
    member,
  };
}
