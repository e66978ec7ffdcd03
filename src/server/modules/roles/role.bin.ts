import type { RestoreResponseT } from '../../../shared/contract/recycle-bin';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { refusal } from '../../lib/app-error';
import { type BinEntryOf, defineBinKind, entryNotFound } from '../recycle-bin';
import * as q from './bin.queries';
import { keepingRoleEditor } from './role-rights';
import { ungrantable } from './roles.rules';

/**
 * A removed role in the recycle bin: the group row, its member rows, and the role each member was
 * moved to by the removal (userId → groupId), so a restore can move them back.
 */
interface RoleSnapshot {
  group: Record<string, unknown>;
  members: Record<string, unknown>[];
  movedTo: Record<string, number>;
}

const roleNameTaken = (name: string) =>
  refusal(
    'error.restoreRoleNameTaken',
    `A role named "${name}" exists now. Rename or remove it, then restore this one.`,
    { name },
  );

const asDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : undefined);

export const roleBin = defineBinKind<RoleSnapshot>({
  kind: 'role',
  rule: 'editRoles',
  audit: (entry) => ({
    action: 'role.restore',
    entityType: 'role',
    entityId: entry.entityId,
    institutionId: entry.institutionId,
    after: { recycleBinId: entry.id },
  }),
  // nobody gives back a role holding rights they lack (as for creating a role)
  async refusal(_db, actor, entry) {
    const missing = ungrantable(actor, (entry.snapshot.group.permissions as string[]) ?? []);
    return missing.length > 0 ? cannotGrant(missing) : undefined;
  },
  restore: restoreRole,
  failure: (err, entry) => (isUniqueViolation(err) ? roleNameTaken(entry.name) : err),
});

/** The 409 of a restore giving back rights the caller lacks. */
export const cannotGrant = (missing: readonly string[]) =>
  refusal(
    'error.cannotGrant',
    `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}.`,
    { missing: missing.join(', ') },
  );

async function restoreRole(tx: Db, entry: BinEntryOf<RoleSnapshot>): Promise<RestoreResponseT> {
  const snap = entry.snapshot;
  const g = snap.group as {
    id: number;
    contextId: number;
    contextType: string;
    name: string;
    permissions: string[];
    externalId: string | null;
    isInternal: boolean;
    version: number;
    createdAt: string;
    updatedAt: string;
  };
  if (await q.roleNameTaken(tx, entry.institutionId, g.name)) throw roleNameTaken(g.name);
  if (await q.groupExists(tx, g.id)) throw entryNotFound();
  const members = snap.members as { userId: number; memberType: string; createdAt: string }[];
  const alive = await q.existingUserIds(
    tx,
    members.map((m) => m.userId),
  );
  let back = 0;
  await keepingRoleEditor(tx, entry.institutionId, async () => {
    await q.insertGroupRow(tx, {
      id: g.id,
      contextId: g.contextId,
      contextType: g.contextType,
      name: g.name,
      permissions: g.permissions,
      externalId: g.externalId,
      isInternal: g.isInternal,
      version: g.version,
      createdAt: asDate(g.createdAt),
      updatedAt: asDate(g.updatedAt),
    });
    for (const m of members) {
      if (!alive.has(m.userId)) continue;
      const target = snap.movedTo[String(m.userId)];
      // moved by the removal: back only if they still hold the role they were moved to
      if (target !== undefined && !(await q.dropMembership(tx, target, m.userId))) continue;
      await q.insertMemberRow(tx, {
        groupId: g.id,
        userId: m.userId,
        memberType: m.memberType,
        createdAt: asDate(m.createdAt),
      });
      back++;
    }
  });
  return {
    kind: 'role',
    entityId: g.id,
    name: g.name,
    membersBack: back,
    membersNotBack: members.length - back,
  };
}
