import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, products, sections, users } from '../../db/schema';
import { accessTypeOf, instructorNames, live, type PeriodFilter, periodCondition } from '../courses';

export const BATCH = 1000;

/** One batch of an institution's live sections after a section id, by id. */
export async function sectionBatch(
  db: Db,
  institutionId: number,
  period: PeriodFilter,
  today: string,
  after: number | null,
  onlyWithCensus = false,
) {
  return db
    .select({
      sectionId: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      instructor: instructorNames,
      startDate: sections.startDate,
      endDate: sections.endDate,
      courseType: sections.courseType,
      productName: products.productName,
      isbn: products.isbn,
      accessType: accessTypeOf,
      censusDuration: sections.censusDuration,
    })
    .from(sections)
    .leftJoin(products, eq(products.id, sections.productId))
    .where(
      and(
        eq(sections.institutionId, institutionId),
        live,
        periodCondition(period, today),
        after === null ? undefined : gt(sections.id, after),
        onlyWithCensus ? sql`${sections.censusDuration} >= 0` : undefined,
      ),
    )
    .orderBy(asc(sections.id))
    .limit(BATCH);
}

/** Enrollment counts per section: all, paid, trial and expired access (at `now`), opted in and out. */
export async function enrollmentStats(db: Db, sectionIds: number[], now: Date) {
  if (sectionIds.length === 0) return new Map<number, Stats>();
  const ended = sql`(${enrollments.accessEndsAt} is not null and ${enrollments.accessEndsAt} <= ${now.toISOString()})`;
  const rows = await db
    .select({
      sectionId: enrollments.sectionId,
      total: sql<number>`count(*)::int`,
      paid: sql<number>`count(*) filter (where ${enrollments.accessType} = 'PAID' and not ${ended})::int`,
      trial: sql<number>`count(*) filter (where ${enrollments.accessType} = 'TEMP' and not ${ended})::int`,
      expired: sql<number>`count(*) filter (where ${ended})::int`,
      optedIn: sql<number>`count(*) filter (where ${enrollments.optStatus} = 'optin')::int`,
      optedOut: sql<number>`count(*) filter (where ${enrollments.optStatus} = 'optout')::int`,
    })
    .from(enrollments)
    .where(inArray(enrollments.sectionId, sectionIds))
    .groupBy(enrollments.sectionId);
  return new Map(rows.map((r) => [r.sectionId, r]));
}
export interface Stats {
  total: number;
  paid: number;
  trial: number;
  expired: number;
  optedIn: number;
  optedOut: number;
}

/** One batch of an institution's enrollments (live sections) after an enrollment id, by id. */
export async function enrollmentBatch(
  db: Db,
  institutionId: number,
  period: PeriodFilter,
  today: string,
  after: number | null,
) {
  return db
    .select({
      enrollmentId: enrollments.id,
      sectionId: sections.id,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: users.username,
      accessType: enrollments.accessType,
      accessEndsAt: enrollments.accessEndsAt,
      currentAccess: enrollments.currentAccess,
      optStatus: enrollments.optStatus,
    })
    .from(enrollments)
    .innerJoin(sections, eq(sections.id, enrollments.sectionId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      and(
        eq(sections.institutionId, institutionId),
        live,
        periodCondition(period, today),
        after === null ? undefined : gt(enrollments.id, after),
      ),
    )
    .orderBy(asc(enrollments.id))
    .limit(BATCH);
}
