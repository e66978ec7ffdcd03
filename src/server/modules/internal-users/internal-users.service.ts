import type { InternalUser } from '../../../shared/contract/internal-users';
import { can, INTERNAL_USER_RIGHTS } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { findGroup, findGroupByExternalId } from '../roles';
import { internalMembers } from './internal-users.queries';

/**
 * The internal-user group: the groups row whose externalId is the environment's internal group id.
 * `ref` may name it by that id or by its numeric id; anything else is 404.
 */
export async function internalGroup(db: Db, internalGroupId: string, ref?: string) {
  const g =
    ref && /^\d+$/.test(ref)
      ? await findGroup(db, Number(ref))
      : await findGroupByExternalId(db, ref || internalGroupId);
  if (!g || g.externalId !== internalGroupId) throw notFound('Group');
  return g;
}

function toInternalUser(u: Awaited<ReturnType<typeof internalMembers>>[number]): InternalUser {
  return {
    piId: String(u.id),
    memberName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    userName: u.username,
    memberType: 'identity_id',
    permissions: { ...INTERNAL_USER_RIGHTS },
  };
}

/** GET groupAuth/userGroupDetails: the internal users and whether the caller may change them. */
export async function listInternalUsers(db: Db, actor: Actor, internalGroupId: string, ref?: string) {
  const g = await internalGroup(db, internalGroupId, ref);
  const users = (await internalMembers(db, g.id)).map(toInternalUser);
  return { groupId: g.id, externalId: g.externalId!, users, canEdit: can(actor.caps, 'editInternalUsers') };
}

/** Rows of InternalUserList.csv (header INTERNAL_USER_CSV_HEADER): spec §3 columns without the {hash} placeholders. */
export async function internalUsersCsv(db: Db, internalGroupId: string) {
  const g = await internalGroup(db, internalGroupId);
  const rows = (await internalMembers(db, g.id)).map((u) => {
    const r = INTERNAL_USER_RIGHTS;
    return [
      String(u.id),
      u.username,
      u.email,
      r.accessAllInstitutions,
      r.accessCoursesTab,
      r.accessCourseDetailsTab,
      r.accessOffersPage,
      r.accessProductsTab,
      r.accessAdminTab,
      r.copyCoursesInCourseTab,
      r.editCourseInformationInCourseTab,
      r.editCourseInformationInCourseDetailsTab,
    ];
  });
  return rows;
}
