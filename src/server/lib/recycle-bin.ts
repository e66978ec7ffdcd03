import type { Db } from '../db/client';
import { recycleBin } from '../db/schema';

/** What a removal puts in the recycle bin: the rows it deleted or hid, as they were. */
export type RecycleEntry =
  | {
      kind: 'section';
      institutionId: number;
      entityId: number;
      name: string;
      /** The section row before it was hidden (its instructors, enrollments and pairings stay in place). */
      snapshot: { section: Record<string, unknown> };
    }
  | {
      kind: 'role';
      institutionId: number;
      entityId: number;
      name: string;
      /**
       * The group row, its member rows, and the role each member was moved to by the removal
       * (userId → groupId), so a restore can move them back.
       */
      snapshot: {
        group: Record<string, unknown>;
        members: Record<string, unknown>[];
        movedTo: Record<string, number>;
      };
    }
  | {
      kind: 'membership';
      /** The role's institution; INTERNAL_GROUP_BIN for the internal-user group (no institution). */
      institutionId: number;
      /** The user removed from the group. */
      entityId: number;
      /** "<user name> — <role name>" */
      name: string;
      /**
       * The group (as it was), the user's group_members row, and the institution membership rows the
       * removal deleted (none when removing a role, which keeps the membership; the user's row of the
       * institution when removing them from it).
       */
      snapshot: {
        group: { id: number; name: string; contextId: number | null; isInternal: boolean };
        member: Record<string, unknown>;
        userName: string;
        memberships: Record<string, unknown>[];
      };
    };

/**
 * `institutionId` of a removal from the internal-user group, which belongs to no institution: such
 * entries show in every institution's bin to those who may edit internal users (super admins).
 */
export const INTERNAL_GROUP_BIN = 0;

/** `group.id` of a membership entry whose user held no role (a removal from the institution). */
export const NO_ROLE_GROUP = 0;

/** The name a membership entry is listed under. */
export const membershipName = (userName: string, roleName: string) => `${userName} — ${roleName}`;

/**
 * Puts a removed thing in the recycle bin. Call it inside the transaction that removes it, so the
 * entry exists exactly when the removal does. Modules call this rather than the recycle-bin module,
 * which itself reads those modules to restore (no cycle).
 */
export async function putInRecycleBin(db: Db, actor: { userId: number | null } | null, entry: RecycleEntry) {
  const [row] = await db
    .insert(recycleBin)
    .values({
      kind: entry.kind,
      institutionId: entry.institutionId,
      entityId: entry.entityId,
      name: entry.name,
      removedBy: actor?.userId ?? null,
      snapshot: entry.snapshot as never,
    })
    .returning({ id: recycleBin.id });
  return row.id;
}
