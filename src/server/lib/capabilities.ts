import { type AnyColumn, eq, and, type SQL, sql } from 'drizzle-orm';
import { PERMISSIONS, type Capabilities, type Permission } from '../../shared/permissions';
import type { Db } from '../db/client';
import { groupMembers, groups, memberships } from '../db/schema';

export interface CapabilityUser {
  id: number;
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
}

/** One of the user's groups, as capabilities() reads it. */
export interface CapabilityGroup {
  contextId: number | null;
  permissions: string[];
  /** The environment's internal-user group (marked once, when the app ensures it at start). */
  isInternal: boolean;
}

/**
 * Whether a group's permissions count in the institution: not the internal-user group, and in the
 * institution itself unless the user holds a flag (flag holders' groups load without filtering).
 */
export function groupCounts(
  group: CapabilityGroup,
  user: CapabilityUser,
  organizationId: number | undefined,
): boolean {
  const anyFlag = user.superAdmin || user.associateSuperAdmin || user.nasupport;
  return !group.isInternal && (anyFlag || group.contextId === organizationId);
}

/**
 * The pure part of capabilities(): what the user's groups, flags and membership give in the
 * institution. `membershipRow`: the user has a membership row there (besides any group in it).
 */
export function capabilitiesFrom(
  user: CapabilityUser,
  organizationId: number | undefined,
  rows: CapabilityGroup[],
  membershipRow: boolean,
): Capabilities {
  const internalUser = rows.some((r) => r.isInternal);
  const counted = rows.filter((r) => groupCounts(r, user, organizationId));
  const granted = new Set<string>(counted.flatMap((r) => r.permissions));
  const permissions = PERMISSIONS.filter((p): p is Permission => granted.has(p));
  const member =
    organizationId !== undefined && (rows.some((r) => r.contextId === organizationId) || membershipRow);
  return {
    permissions,
    superAdmin: user.superAdmin,
    associateSuperAdmin: user.associateSuperAdmin,
    nasupport: user.nasupport,
    internalUser,
    member,
  };
}

/**
 * THE capability function (ARCHITECTURE §4): the union of the user's groups' permissions in the
 * institution (all groups for flag holders), the three flags, and internal-user membership.
 */
export async function capabilities(
  db: Db,
  user: CapabilityUser,
  organizationId: number | undefined,
  /** The user's groups when the caller already read them (the session lookup does, with groupsOfUserSql). */
  knownGroups?: CapabilityGroup[],
): Promise<Capabilities> {
  const rows =
    knownGroups ??
    (await db
      .select({ contextId: groups.contextId, permissions: groups.permissions, isInternal: groups.isInternal })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, user.id)));
  let membershipRow = false;
  if (organizationId !== undefined && !rows.some((r) => r.contextId === organizationId)) {
    const m = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.institutionId, organizationId)))
      .limit(1);
    membershipRow = m.length > 0;
  }
  return capabilitiesFrom(user, organizationId, rows, membershipRow);
}

/**
 * The groups of the user whose id is `userId` (a column of the enclosing query) as one JSON array of
 * CapabilityGroup, so a statement that reads the user can bring them along: the session lookup of
 * every request does, which saves a round trip per request.
 */
export function groupsOfUserSql(userId: AnyColumn): SQL<CapabilityGroup[]> {
  return sql<CapabilityGroup[]>`coalesce((
    select json_agg(json_build_object('contextId', ${groups.contextId}, 'permissions', ${groups.permissions}, 'isInternal', ${groups.isInternal}))
      from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId}
     where ${groupMembers.userId} = ${userId}), '[]'::json)`;
}
