import type { Db } from '../../db/client';
import { INTERNAL_GROUP_BIN, membershipName, type RecycleEntry } from '../../lib/recycle-bin';
import * as q from './roles.queries';

/**
 * The recycle-bin entry of a user removed from a group: their group_members row as it
 * was, under the group's institution (INTERNAL_GROUP_BIN for the internal-user group). Removing a
 * role keeps the user's institution membership rows, so none are deleted or kept here.
 */
export async function binMembership(
  db: Db,
  groupId: number,
  row: NonNullable<Awaited<ReturnType<typeof q.memberRowOf>>>,
): Promise<Extract<RecycleEntry, { kind: 'membership' }>> {
  const g = await q.findGroup(db, groupId);
  if (!g) throw new Error(`group ${groupId} vanished during its member's removal`);
  const internal = g.isInternal || g.contextId === null;
  const userName = `${row.firstName} ${row.lastName}`.trim();
  return {
    kind: 'membership',
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
