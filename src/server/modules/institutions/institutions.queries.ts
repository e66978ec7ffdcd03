import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, institutions, memberships, organizations } from '../../db/schema';

const summary = {
  orgId: institutions.id,
  displayName: institutions.displayName,
  organizationName: organizations.name,
};

/** Ids of the institutions a user belongs to: memberships and groups held there. */
export async function institutionIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.institutionId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .union(
      db
        .select({ id: sql<number>`${groups.contextId}` })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(sql`${groupMembers.userId} = ${userId} and ${groups.contextId} is not null`),
    );
  return rows.map((r) => r.id);
}

export async function institutionSummaries(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(summary)
    .from(institutions)
    .leftJoin(organizations, eq(organizations.id, institutions.organizationId))
    .where(inArray(institutions.id, ids))
    .orderBy(asc(institutions.displayName));
}

/** Institutions whose name (or id) matches, optionally limited to some ids. */
export async function searchInstitutions(db: Db, name: string, limit: number, onlyIds?: number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match = name
    ? or(
        ilike(institutions.displayName, pattern),
        ilike(institutions.aggregateName, pattern),
        sql`${institutions.id}::text = ${name}`,
      )
    : undefined;
  const scope = onlyIds ? inArray(institutions.id, onlyIds) : undefined;
  const where = match && scope ? sql`${match} and ${scope}` : (match ?? scope);
  return db
    .select(summary)
    .from(institutions)
    .leftJoin(organizations, eq(organizations.id, institutions.organizationId))
    .where(where)
    .orderBy(asc(institutions.displayName))
    .limit(limit);
}
