import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { institutionIdsOfUser, searchInstitutions } from './institutions.queries';

/** Flag holders and internal users search every institution; others only their own. */
export async function listInstitutionsForActor(db: Db, actor: Actor, name: string, limit: number) {
  const all = can(actor.caps, 'searchAllInstitutions');
  const own = all ? undefined : await institutionIdsOfUser(db, actor.userId);
  return searchInstitutions(db, name, limit, own);
}
