import type {
  RecycleBinQueryT,
  RecycleBinResponseT,
  RecycleKindT,
  RestoreBodyT,
  RestoreResponseT,
} from '../../../shared/contract/recycle-bin';
import { RECYCLE_BIN_DAYS } from '../../../shared/constants';
import { can, type Rule } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, refusal } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { INTERNAL_GROUP_BIN, NO_ROLE_GROUP, type RecycleEntry } from '../../lib/recycle-bin';
import { isUniqueViolation } from '../../db/errors';
import { keepingRoleEditor, ungrantable } from '../roles';
import * as q from './recycle-bin.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rule that allowed each kind's removal, which restoring and seeing it need too. A membership of
 * a role: editRoles there (what removing a role's member requires); of the internal-user group:
 * editInternalUsers (ruleOf).
 */
const KIND_RULE: Record<RecycleKindT, Rule> = {
  section: 'deleteCourses',
  role: 'editRoles',
  membership: 'editRoles',
};

const isInternalEntry = (e: { kind: string; institutionId: number }) =>
  e.kind === 'membership' && e.institutionId === INTERNAL_GROUP_BIN;

const ruleOf = (e: { kind: string; institutionId: number }): Rule =>
  isInternalEntry(e) ? 'editInternalUsers' : KIND_RULE[e.kind as RecycleKindT];

const entryNotFound = () =>
  new AppError('error.recycleBinEntryNotFound', 'This item is no longer in the recycle bin.');

const kindsFor = (actor: Actor, only?: RecycleKindT) =>
  (Object.keys(KIND_RULE) as RecycleKindT[]).filter(
    (k) => (only === undefined || k === only) && can(actor.caps, KIND_RULE[k]),
  );

/** GET recycle-bin: the institution's recently removed things the caller may restore. */
export async function listBin(db: Db, actor: Actor, query: RecycleBinQueryT): Promise<RecycleBinResponseT> {
  const kinds = kindsFor(actor, query.kind);
  const internal =
    (query.kind === undefined || query.kind === 'membership') && can(actor.caps, 'editInternalUsers');
  if (kinds.length === 0 && !internal) return { entries: [], nextCursor: null };
  const before = query.cursor === undefined ? undefined : Number(query.cursor);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) {
    throw new AppError('error.validation', 'The cursor is not one this list gave.', {
      cursor: 'Not a cursor of this list.',
    });
  }
  const rows = await q.binPage(db, query.organizationId, kinds, internal, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      kind: r.kind as RecycleKindT,
      entityId: r.entityId,
      name: r.name,
      removedBy: r.removedBy,
      removedByName: r.firstName === null ? null : `${r.firstName} ${r.lastName}`.trim(),
      removedAt: r.removedAt.toISOString(),
      purgeAt: new Date(r.removedAt.getTime() + RECYCLE_BIN_DAYS * DAY_MS).toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1].id) : null,
  };
}

/** The rights a restore gives back: a role's own, or those of the role a membership returns to. */
async function permissionsGivenBack(
  db: Db,
  entry: { kind: string; institutionId: number },
  snapshot: RecycleEntry['snapshot'],
): Promise<readonly string[]> {
  if (entry.kind === 'role')
    return (
      ((snapshot as Extract<RecycleEntry, { kind: 'role' }>['snapshot']).group.permissions as string[]) ?? []
    );
  if (entry.kind === 'membership' && !isInternalEntry(entry))
    return (await q.groupRow(db, (snapshot as MembershipSnapshot).group.id))?.permissions ?? [];
  return [];
}

/** POST recycle-bin/restore: puts the removed thing back exactly, or answers why it cannot (409). */
export async function restoreEntry(db: Db, actor: Actor, body: RestoreBodyT): Promise<RestoreResponseT> {
  const entry = await q.findEntry(db, body.organizationId, body.id);
  if (!entry) throw entryNotFound();
  const kind = entry.kind as RecycleKindT;
  const auditEntry =
    kind === 'membership'
      ? membershipAudit(entry)
      : {
          action: `${kind === 'section' ? 'course' : 'role'}.restore`,
          entityType: kind,
          entityId: entry.entityId,
          institutionId: entry.institutionId,
          after: { recycleBinId: entry.id },
        };
  if (!can(actor.caps, ruleOf(entry))) {
    await audit(db, actor, { ...auditEntry, outcome: 'denied' });
    throw new AppError('error.accessDenied', 'You do not have permission to do this.');
  }
  const snapshot = entry.snapshot as RecycleEntry['snapshot'];
  // nobody gives back a role holding rights they lack (as for creating a role or adding a member)
  const granted = await permissionsGivenBack(db, entry, snapshot);
  const missing = ungrantable(actor, granted);
  if (missing.length > 0) {
    await audit(db, actor, { ...auditEntry, outcome: 'denied' });
    throw refusal(
      'error.cannotGrant',
      `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}.`,
      { missing: missing.join(', ') },
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const taken = await q.takeEntry(tx, entry.id);
      if (!taken) throw entryNotFound();
      const result =
        kind === 'section'
          ? await restoreSection(tx, entry)
          : kind === 'membership'
            ? await restoreMembership(tx, entry, snapshot as MembershipSnapshot)
            : await restoreRole(tx, entry, snapshot as Extract<RecycleEntry, { kind: 'role' }>['snapshot']);
      await audit(tx, actor, {
        ...auditEntry,
        after: {
          recycleBinId: entry.id,
          membersBack: result.membersBack,
          membersNotBack: result.membersNotBack,
        },
      });
      return result;
    });
  } catch (err) {
    if (kind === 'role' && isUniqueViolation(err)) throw roleNameTaken(entry.name);
    throw err;
  }
}

const roleNameTaken = (name: string) =>
  refusal(
    'error.restoreRoleNameTaken',
    `A role named "${name}" exists now. Rename or remove it, then restore this one.`,
    { name },
  );

async function restoreSection(tx: Db, entry: q.BinRow): Promise<RestoreResponseT> {
  const section = await q.sectionRow(tx, entry.entityId);
  if (!section || section.deletedAt === null) throw entryNotFound();
  if (section.parentSectionId !== null) {
    const master = await q.sectionRow(tx, section.parentSectionId);
    if (master && master.deletedAt !== null) {
      throw refusal(
        'error.restoreMasterRemoved',
        `The master course "${master.courseName}" of this child course is removed. Restore it first.`,
        { name: master.courseName },
      );
    }
  }
  if (section.customCourseId && section.lmsKind) {
    const other = await q.liveSectionWithCustomId(
      tx,
      section.institutionId,
      section.lmsKind,
      section.customCourseId,
      section.id,
    );
    if (other) {
      throw refusal(
        'error.restoreCustomIdTaken',
        `Another course now has the custom course id ${section.customCourseId}.`,
        { id: section.customCourseId },
      );
    }
  }
  if (!(await q.unhideSection(tx, section.id))) throw entryNotFound();
  return {
    kind: 'section',
    entityId: section.id,
    name: section.courseName,
    membersBack: 0,
    membersNotBack: 0,
  };
}

type RoleSnapshot = Extract<RecycleEntry, { kind: 'role' }>['snapshot'];
type MembershipSnapshot = Extract<RecycleEntry, { kind: 'membership' }>['snapshot'];

/** The audit row of a membership restore: like the removal's (role.members / internalUser), on the group. */
function membershipAudit(entry: q.BinRow) {
  const snap = entry.snapshot as MembershipSnapshot;
  const internal = isInternalEntry(entry);
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
async function restoreMembership(
  tx: Db,
  entry: q.BinRow,
  snap: MembershipSnapshot,
): Promise<RestoreResponseT> {
  const m = snap.member as { groupId: number; userId: number; memberType: string; createdAt: string };
  const done = (back: number): RestoreResponseT => ({
    kind: 'membership',
    entityId: m.userId,
    name: entry.name,
    membersBack: back,
    membersNotBack: 0,
  });
  if (!(await q.existingUserIds(tx, [m.userId])).has(m.userId)) {
    throw refusal('error.restoreUserGone', `The account of ${snap.userName} no longer exists.`, {
      name: snap.userName,
    });
  }
  // a removal from the institution kept its membership rows: they come back first
  const memberships = snap.memberships as { userId: number; institutionId: number; courseRole: string }[];
  await q.insertMembershipRows(tx, memberships);
  if (m.groupId === NO_ROLE_GROUP) return done(memberships.length > 0 ? 1 : 0);
  const g = await q.groupRow(tx, m.groupId);
  if (!g) {
    throw refusal(
      'error.restoreGroupRemoved',
      `The role "${snap.group.name}" was removed. Restore it first.`,
      { name: snap.group.name },
    );
  }
  if (await q.isGroupMember(tx, g.id, m.userId)) return done(0);
  if (!g.isInternal && g.contextId !== null) {
    const other = await q.otherRoleOf(tx, g.contextId, m.userId, g.id);
    if (other) {
      throw refusal(
        'error.restoreMemberHasOtherRole',
        `${snap.userName} has the role "${other.name}" now. Change their role on the Roles page instead.`,
        { user: snap.userName, name: other.name },
      );
    }
  }
  await q.insertMemberRow(tx, {
    groupId: g.id,
    userId: m.userId,
    memberType: m.memberType,
    createdAt: asDate(m.createdAt),
  });
  return done(1);
}

const asDate = (v: unknown) => (typeof v === 'string' ? new Date(v) : undefined);

async function restoreRole(tx: Db, entry: q.BinRow, snap: RoleSnapshot): Promise<RestoreResponseT> {
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

/** The scheduled purge: entries older than RECYCLE_BIN_DAYS leave the bin for good (audited, by the system). */
export async function purgeBin(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - RECYCLE_BIN_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const purged = await q.purgeBefore(tx, cutoff);
    for (const p of purged) {
      await audit(tx, null, {
        action: 'recycleBin.purge',
        entityType: p.kind,
        entityId: p.entityId,
        institutionId: p.institutionId === INTERNAL_GROUP_BIN ? null : p.institutionId,
        before: { recycleBinId: p.id, name: p.name },
      });
    }
    return purged.length;
  });
}
