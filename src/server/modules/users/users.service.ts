import type { z } from 'zod';
import { INTERNAL_USER_MESSAGES } from '../../../shared/contract/internal-users';
import type { SearchUserBody, UserSummary } from '../../../shared/contract/users';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditEntry } from '../../lib/audit';
import { refuse } from '../roles';
import * as q from './users.queries';

const flagged = (u: q.UserRow) => u.superAdmin || u.associateSuperAdmin || u.nasupport;

/** Shapes users for the Users page: roles in the institution; other institutions are not disclosed. */
export async function summarize(
  db: Db,
  institutionId: number,
  rows: q.UserRow[],
  memberIds: Set<number>,
): Promise<UserSummary[]> {
  const roles = await q.rolesIn(
    db,
    institutionId,
    rows.map((r) => r.id),
  );
  const name = (await q.institutionName(db, institutionId)) ?? '';
  return rows.map((u) => {
    const r = roles.get(u.id) ?? [];
    const member = memberIds.has(u.id);
    return {
      id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      displayName: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      status: (['active', 'pending', 'disabled'].includes(u.status)
        ? u.status
        : 'disabled') as UserSummary['status'],
      roles: r,
      organizations: member ? [{ id: institutionId, role: r[0]?.name ?? null, organizationName: name }] : [],
      member,
      flagged: flagged(u),
      version: u.version,
    };
  });
}

/**
 * POST registrarUser/searchUser: the institution's users matching the text, 8 per page by default.
 * Accounts of other institutions appear only on an exact e-mail or user-name match (to add them).
 */
export async function searchUsers(db: Db, body: z.infer<typeof SearchUserBody>) {
  const { organizationId, searchText, page, pageSize } = body;
  const { rows, total } = await q.searchInstitutionUsers(db, organizationId, searchText, page, pageSize);
  const members = new Set(rows.map((r) => r.id));
  let outsiders: q.UserRow[] = [];
  if (body.includeOtherInstitutions) outsiders = await q.exactOutsiders(db, organizationId, searchText);
  const list = page === 0 ? [...outsiders, ...rows] : rows;
  return {
    users: await summarize(db, organizationId, list, members),
    total: total + outsiders.length,
    page,
    pageSize,
  };
}

/**
 * The user's row, else 404. That the user is of the institution (or the caller) is the route's
 * access declaration, `entityOrg('user', …, { within })`: other institutions' users stay invisible.
 */
export async function userOrNotFound(db: Db, userId: number) {
  const user = await q.findUser(db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** Whether the actor may edit this user: editUsers, and only super admins edit flag holders. */
export function mayEdit(actor: Actor, user: q.UserRow) {
  return can(actor.caps, 'editUsers') && (actor.superAdmin || !flagged(user));
}

/** Refuses (403, the refusal audited as `entry`) unless the actor may edit this user. */
export async function assertMayEdit(db: Db, actor: Actor, user: q.UserRow, entry: AuditEntry) {
  if (mayEdit(actor, user)) return;
  throw await refuse(
    db,
    actor,
    entry,
    "Sorry, you do not have permission to edit the user's information",
    'error.cannotEditUser',
  );
}

/** GET registrarUser/getPiUser/:id?organizationId= */
export async function getPiUser(db: Db, actor: Actor, institutionId: number, userId: number) {
  const user = await userOrNotFound(db, userId);
  const members = (await q.isInstitutionMember(db, institutionId, userId))
    ? new Set([userId])
    : new Set<number>();
  const [summary] = await summarize(db, institutionId, [user], members);
  return {
    user: {
      ...summary,
      superAdmin: user.superAdmin,
      associateSuperAdmin: user.associateSuperAdmin,
      nasupport: user.nasupport,
    },
    canEdit: mayEdit(actor, user),
    canEditFlags: actor.superAdmin,
  };
}

/** GET registrarUser/userSectionAssociation/:id?organizationId= */
export async function sectionAssociations(db: Db, institutionId: number, userId: number) {
  return { sections: await q.sectionsOfUser(db, institutionId, userId) };
}

/** GET registrarUser/getUser/:username : the e-mail lookup of the EAD Admin create form. */
export async function lookupUser(db: Db, username: string) {
  const user = await q.findUserByUsername(db, username);
  if (!user) throw new AppError('error.invalidUsername', INTERNAL_USER_MESSAGES.invalidUsername);
  return {
    piId: String(user.id),
    userName: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}
