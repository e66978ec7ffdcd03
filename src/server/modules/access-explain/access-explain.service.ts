import { and, eq } from 'drizzle-orm';
import type {
  ExplainAccessQueryT,
  ExplainAccessResponseT,
  ExplainSourceT,
  ExplainUsersResponseT,
} from '../../../shared/contract/access-explain';
import {
  type Capabilities,
  can,
  FLAGS,
  PERMISSIONS,
  type Permission,
  ruleParts,
  TABS,
} from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { type CapabilityUser, capabilities, capabilitiesFrom, groupCounts } from '../../lib/capabilities';
import { findInstitution, findUser, searchUsers, userGroups } from './access-explain.queries';

/**
 * Who may ask (the viewAudit rule, checked by the access hook on `organizationId`): staff flags
 * about anyone in any institution; an administrator holding CAN_CREATE_EDIT_ROLES in the
 * institution only about its members. Anyone else asked about answers 404 "User not found", the
 * same answer as an unknown id, so a refusal does not tell whether a foreign user exists.
 */
const isStaff = (actor: Actor) => actor.superAdmin || actor.associateSuperAdmin || actor.nasupport;

/**
 * The verdict is `can(capabilities(user, institution), rule)`: the very function and rules the
 * access hook applies to every route. The reasons are found generically, by evaluating the same
 * rule on the capabilities with one source removed (a group, a flag, membership) or one thing
 * added (a permission, membership) — never by re-stating a rule's condition.
 */
export async function explainAccess(
  db: Db,
  actor: Actor,
  q: ExplainAccessQueryT,
): Promise<ExplainAccessResponseT> {
  const org = q.organizationId;
  const institution = await findInstitution(db, org);
  if (!institution) throw notFound('Institution');
  const target = await findUser(db, q.userId);
  if (!target) throw notFound('User');
  const caps = await capabilities(db, target, org);
  if (!isStaff(actor) && !caps.member) throw notFound('User');

  const rule = q.rule;
  const allowed = can(caps, rule);
  const parts = ruleParts(caps, rule);
  const rows = await userGroups(db, target.id);
  const membershipRow =
    (
      await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, target.id), eq(memberships.institutionId, org)))
        .limit(1)
    ).length > 0;
  const withOut = (user: CapabilityUser, groups: typeof rows, member: boolean) =>
    can(capabilitiesFrom(user, org, groups, member), rule);
  const tweak = (change: Partial<Capabilities>) => can({ ...caps, ...change }, rule);

  const decisiveSources: ExplainSourceT[] = [];
  const blockingFlags: ExplainSourceT[] = [];
  let missingPermissions: Permission[] = [];
  let notMember = false;
  if (allowed) {
    for (const f of FLAGS)
      if (target[f] && !withOut({ ...target, [f]: false }, rows, membershipRow)) decisiveSources.push(f);
    if (
      caps.internalUser &&
      !withOut(
        target,
        rows.filter((r) => !r.isInternal),
        membershipRow,
      )
    )
      decisiveSources.push('internalUser');
    if (caps.member && !tweak({ member: false })) decisiveSources.push('member');
  } else {
    // the flag's exception denies it: without the flag (keeping the reach it gave), allowed
    for (const f of [...FLAGS, 'internalUser'] as const)
      if (caps[f] && (tweak({ [f]: false }) || tweak({ [f]: false, member: true }))) blockingFlags.push(f);
    missingPermissions = PERMISSIONS.filter(
      (p) => !caps.permissions.includes(p) && tweak({ permissions: [...caps.permissions, p] }),
    );
    notMember = !caps.member && tweak({ member: true });
  }

  return {
    user: { id: target.id, username: target.username, displayName: `${target.firstName} ${target.lastName}` },
    institution,
    rule,
    allowed,
    gated: parts.gated,
    dashboardAccess: parts.dashboard,
    ownRule: parts.own,
    capabilities: caps,
    groups: rows.map((r) => ({
      groupId: r.groupId,
      name: r.name,
      institutionId: r.contextId,
      institutionName: r.institutionName,
      permissions: PERMISSIONS.filter((p) => r.permissions.includes(p)),
      counts: groupCounts(r, target, org),
      internal: r.isInternal,
      decisive:
        allowed &&
        !withOut(
          target,
          rows.filter((x) => x !== r),
          membershipRow,
        ),
    })),
    decisiveSources,
    blockingFlags,
    missingPermissions,
    notMember,
    tabs: TABS.filter((t) => t.rule === rule).map((t) => t.key),
  };
}

/** People the asker may ask about in the institution (see `isStaff` above). */
export async function explainUsers(
  db: Db,
  actor: Actor,
  organizationId: number,
  q: string | undefined,
): Promise<ExplainUsersResponseT> {
  const rows = await searchUsers(db, organizationId, q ?? '', isStaff(actor));
  return {
    users: rows.map((u) => ({
      id: u.id,
      username: u.username,
      displayName: `${u.firstName} ${u.lastName}`,
      email: u.email,
      flags: FLAGS.filter((f) => u[f]),
    })),
  };
}
