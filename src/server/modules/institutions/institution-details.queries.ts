import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  departments,
  institutions,
  lmsCoursePairings,
  lmsIntegrations,
  memberships,
  organizations,
  products,
  users,
} from '../../db/schema';

export async function institutionRow(db: Db, institutionId: number) {
  const [row] = await db
    .select({
      orgId: institutions.id,
      displayName: institutions.displayName,
      aggregateName: institutions.aggregateName,
      organizationName: organizations.name,
      censusDuration: institutions.censusDuration,
      offerType: institutions.offerType,
      orgInclusiveId: institutions.orgInclusiveId,
      inclusiveAccess: institutions.inclusiveAccess,
      inclusiveOfferEndsOn: institutions.inclusiveOfferEndsOn,
      timeZone: institutions.timeZone,
      version: institutions.version,
      updatedAt: institutions.updatedAt,
    })
    .from(institutions)
    .leftJoin(organizations, eq(organizations.id, institutions.organizationId))
    .where(eq(institutions.id, institutionId));
  return row;
}

export async function departmentsOf(db: Db, institutionId: number) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.institutionId, institutionId))
    .orderBy(asc(departments.name));
}

/** Members of an institution with one of these course roles, matching a search, by name. */
export async function peopleOf(db: Db, institutionId: number, roles: string[], q: string, limit: number) {
  const where: SQL[] = [eq(memberships.institutionId, institutionId), inArray(memberships.courseRole, roles)];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        ilike(users.email, pattern),
        ilike(users.username, pattern),
      ) as SQL,
    );
  }
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      courseRole: memberships.courseRole,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(...where))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function integrationsOf(db: Db, institutionId: number) {
  return db
    .select({
      integrationId: lmsIntegrations.id,
      lmsKind: lmsIntegrations.lmsKind,
      name: lmsIntegrations.name,
      pairings: count(lmsCoursePairings.id),
    })
    .from(lmsIntegrations)
    .leftJoin(lmsCoursePairings, eq(lmsCoursePairings.integrationId, lmsIntegrations.id))
    .where(eq(lmsIntegrations.institutionId, institutionId))
    .groupBy(lmsIntegrations.id)
    .orderBy(asc(lmsIntegrations.name));
}

export async function pairingsOf(db: Db, institutionId: number) {
  return db
    .select({
      pairingId: lmsCoursePairings.id,
      lmsKind: lmsCoursePairings.lmsKind,
      lmsCourseId: lmsCoursePairings.lmsCourseId,
      lmsCourseName: lmsCoursePairings.lmsCourseName,
      customCourseId: lmsCoursePairings.customCourseId,
      productId: lmsCoursePairings.productId,
      productName: products.productName,
      sectionId: lmsCoursePairings.sectionId,
      integrationName: lmsIntegrations.name,
    })
    .from(lmsCoursePairings)
    .innerJoin(products, eq(products.id, lmsCoursePairings.productId))
    .leftJoin(lmsIntegrations, eq(lmsIntegrations.id, lmsCoursePairings.integrationId))
    .where(eq(lmsCoursePairings.institutionId, institutionId))
    .orderBy(asc(lmsCoursePairings.lmsCourseName), asc(lmsCoursePairings.id))
    .limit(5000);
}
