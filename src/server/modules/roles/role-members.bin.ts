import type { RestoreResponseT } from '../../../shared/contract/recycle-bin';
import type { Db } from '../../db/client';
import type { AuditEntry } from '../../lib/audit';
import { refusal } from '../../lib/app-error';
import { type BinEntryOf, type BinPut, defineBinKind, INTERNAL_GROUP_BIN } from '../recycle-bin';
import * as bq from './bin.queries';
import { cannotGrant } from './role.bin';
import * as q from './roles.queries';
import { ungrantable } from './roles.rules';

/**
 * A user removed from a group (or from an institution) in the recycle bin: the group as it was, the
 * user's group_members row, and the institution membership rows the removal deleted (none when
 * removing a role, which keeps the membership; the user's rows of the institution when removing them
 * from it). Under INTERNAL_GROUP_BIN for the internal-user group (no institution).
 */
export interface MembershipSnapshot {
  group: { id: number; name: string; contextId: number | null; isInternal: boolean };
  member: Record<string, unknown>;
  userName: string;
  memberships: Record<string, unknown>[];
}

/** `group.id` of a membership entry whose user held no role (a removal from the institution). */
export const NO_ROLE_GROUP = 0;

/** The name a membership entry is listed under. */
export const membershipName = (userName: string, roleName: string) => `${userName} — ${roleName}`;

/**
 * Removals from a role need editRoles there (what removing a role's member requires); from the
 * internal-user group, editInternalUsers.
 */
export const membershipBin = defineBinKind<MembershipSnapshot>({
  kind: 'membership',
  rule: 'editRoles',
  internalRule: 'editInternalUsers',
  audit: membershipAudit,
  // nobody gives back a role holding rights they lack (as for adding a member)
  async refusal(db, actor, entry) {
    if (entry.institutionId === INTERNAL_GROUP_BIN) return undefined;
    const g = await bq.groupRow(db, entry.snapshot.group.id);
    const missing = ungrantable(actor, g?.permissions ?? []);
    return missing.length > 0 ? cannotGrant(missing) : undefined;
  },
  restore: restoreMembership,
});

/**
 * The recycle-bin entry of a user removed from a group: their group_members row as it
 * was, under the group's institution (INTERNAL_GROUP_BIN for the internal-user group). Removing a
 * role keeps the user's institution membership rows, so none are deleted or kept here.
 */
export async function binMembership(
  db: Db,
  groupId: number,
  row: NonNullable<Awaited<ReturnType<typeof q.memberRowOf>>>,
): Promise<BinPut<MembershipSnapshot>> {
  const g = await q.findGroup(db, groupId);
  if (!g) throw new Error(`group ${groupId} vanished during its member's removal`);
  const internal = g.isInternal || g.contextId === null;
  const userName = `${row.firstName} ${row.lastName}`.trim();
  return {
    institutionId: internal ? INTERNAL_GROUP_BIN : g.contextId!,
    entityId: row.member.userId,
    name: membershipName(userName, g.name),
    snapshot: {
      group: { id: g.id, name: g.name, contextId: g.contextId, isInternal: internal },
      member: row.member,
      userName,
      memberships: [],
    },
  };
}

/** The audit row of a membership restore: like the removal's (role.members / internalUser), on the group. */
function membershipAudit(entry: BinEntryOf<MembershipSnapshot>): AuditEntry {
  const snap = entry.snapshot;
  const internal = entry.institutionId === INTERNAL_GROUP_BIN;
  if (snap.memberships.length > 0)
    return {
      action: 'user.restoreToInstitution',
      entityType: 'user',
      entityId: entry.entityId,
      institutionId: entry.institutionId,
      after: { recycleBinId: entry.id, groupId: snap.group.id },
    };
  return {
    action: internal ? 'internalUser.restore' : 'role.members.restore',
    entityType: internal ? 'group' : 'role',
    entityId: snap.group.id,
    institutionId: internal ? null : entry.institutionId,
    after: { recycleBinId: entry.id, userId: entry.entityId },
  };
}

/**
 * Gives the user back their group_members row as it was; 409 when the account is gone, the role was
 * removed, or (a role of an institution) they hold another role there now. Nothing to do when they
 * hold the role again already.
 */
async function restoreMembership(tx: Db, entry: BinEntryOf<MembershipSnapshot>): Promise<RestoreResponseT> {
  const snap = entry.snapshot;
  const m = snap.member as { groupId: number; userId: number; memberType: string; createdAt: string };
  const done = (back: number): RestoreResponseT => ({
    kind: 'membership',
    entityId: m.userId,
    name: entry.name,
    membersBack: back,
    membersNotBack: 0,
  });
  if (!(await bq.existingUserIds(tx, [m.userId])).has(m.userId)) {
    throw refusal('error.restoreUserGone', `The account of ${snap.userName} no longer exists.`, {
      name: snap.userName,
    });
  }
  // a removal from the institution kept its membership rows: they come back first
  const memberships = snap.memberships as { userId: number; institutionId: number; courseRole: string }[];
  await bq.insertMembershipRows(tx, memberships);
  if (m.groupId === NO_ROLE_GROUP) return done(memberships.length > 0 ? 1 : 0);
  const g = await bq.groupRow(tx, m.groupId);
  if (!g) {
    throw refusal(
      'error.restoreGroupRemoved',
      `The role "${snap.group.name}" was removed. Restore it first.`,
      { name: snap.group.name },
    );
  }
  if (await bq.isGroupMember(tx, g.id, m.userId)) return done(0);
  if (!g.isInternal && g.contextId !== null) {
    const other = await bq.otherRoleOf(tx, g.contextId, m.userId, g.id);
    if (other) {
      throw refusal(
        'error.restoreMemberHasOtherRole',
        `${snap.userName} has the role "${other.name}" now. Change their role on the Roles page instead.`,
        { user: snap.userName, name: other.name },
      );
    }
  }
  await bq.insertMemberRow(tx, {
    groupId: g.id,
    userId: m.userId,
    memberType: m.memberType,
    createdAt: asDate(m.createdAt),
  });
  return done(1);
}

const asDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : undefined);
