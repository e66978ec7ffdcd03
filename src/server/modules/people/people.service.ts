import type { z } from 'zod';
import type { PeopleQueryT, PeopleResponseT, PersonInstitution } from '../../../shared/contract/people';
import type { Db } from '../../db/client';
import * as q from './people.queries';

type Place = z.infer<typeof PersonInstitution>;

/** GET /api/people: one page of people matching the text, each with their institutions and roles there. */
export async function findPeople(db: Db, query: PeopleQueryT): Promise<PeopleResponseT> {
  const { rows, total } = await q.searchPeople(
    db,
    query.q,
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  const ids = rows.map((r) => r.userId);
  const [members, roles] = ids.length
    ? await Promise.all([q.membershipsOf(db, ids), q.rolesOf(db, ids)])
    : [[], []];
  const places = new Map<number, Map<number, Place>>();
  const placeOf = (userId: number, orgId: number, displayName: string) => {
    const mine = places.get(userId) ?? new Map<number, Place>();
    places.set(userId, mine);
    const place = mine.get(orgId) ?? { orgId, displayName, courseRole: null, roles: [] };
    mine.set(orgId, place);
    return place;
  };
  for (const m of members) placeOf(m.userId, m.orgId, m.displayName).courseRole = m.courseRole;
  for (const r of roles) placeOf(r.userId, r.orgId, r.displayName).roles.push(r.role);
  const byName = (a: Place, b: Place) => a.displayName.localeCompare(b.displayName) || a.orgId - b.orgId;
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    people: rows.map((r) => ({
      ...r,
      institutions: [...(places.get(r.userId)?.values() ?? [])].sort(byName),
    })),
  };
}
