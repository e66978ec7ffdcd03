import { and, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { FINAL_COPY_STATUSES, type CopyStatus } from '../../../shared/contract/course-copy';
import type { Db } from '../../db/client';
import { offerStatusIs } from '../../db/offer-status';
import {
  alertAcknowledgements,
  copyJobs,
  copyRequests,
  institutions,
  offers,
  products,
  sections,
  users,
} from '../../db/schema';

const FINAL = [...FINAL_COPY_STATUSES];

export async function findInstitution(db: Db, id: number) {
  const [row] = await db
    .select({
      id: institutions.id,
      active: institutions.active,
      censusDuration: institutions.censusDuration,
      inclusiveOfferEndsOn: institutions.inclusiveOfferEndsOn,
    })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row;
}

/** The product fields the copy rules read (with the section's product left-joined). */
export const productRuleFields = {
  platform: products.platform,
  productType: products.productType,
  productStatus: products.status,
};

/** Sections (deleted ones too) with their product, for validation. */
export async function sectionsWithProduct(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sections.id,
      institutionId: sections.institutionId,
      productId: sections.productId,
      courseType: sections.courseType,
      courseName: sections.courseName,
      sectionCode: sections.sectionCode,
      startDate: sections.startDate,
      endDate: sections.endDate,
      censusDuration: sections.censusDuration,
      deletedAt: sections.deletedAt,
      ...productRuleFields,
    })
    .from(sections)
    .leftJoin(products, eq(products.id, sections.productId))
    .where(inArray(sections.id, ids));
}

/** Product ids among `productIds` with an active (APPROVED or NEW) offer to the institution. */
export async function productsWithActiveOffer(db: Db, institutionId: number, productIds: number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ productId: offers.productId })
    .from(offers)
    .where(
      and(
        eq(offers.institutionId, institutionId),
        inArray(offers.productId, productIds),
        offerStatusIs('active'),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      superAdmin: users.superAdmin,
      associateSuperAdmin: users.associateSuperAdmin,
      nasupport: users.nasupport,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function insertRequest(db: Db, values: typeof copyRequests.$inferInsert) {
  const [row] = await db.insert(copyRequests).values(values).returning();
  return row;
}

export async function insertCopyJobs(db: Db, values: (typeof copyJobs.$inferInsert)[]) {
  const out: (typeof copyJobs.$inferSelect)[] = [];
  // Chunks keep the statement under the parameter limit for 1,000 courses.
  for (let i = 0; i < values.length; i += 500) {
    out.push(
      ...(await db
        .insert(copyJobs)
        .values(values.slice(i, i + 500))
        .returning()),
    );
  }
  return out;
}

export async function findRequest(db: Db, id: string) {
  const [row] = await db.select().from(copyRequests).where(eq(copyRequests.id, id));
  return row;
}

/** A request with its institution's state and its requester, in one query (the copy job needs all three). */
export async function requestContext(db: Db, id: string) {
  const [row] = await db
    .select({
      request: copyRequests,
      institutionActive: institutions.active,
      requester: {
        id: users.id,
        status: users.status,
        superAdmin: users.superAdmin,
        associateSuperAdmin: users.associateSuperAdmin,
        nasupport: users.nasupport,
      },
    })
    .from(copyRequests)
    .innerJoin(institutions, eq(institutions.id, copyRequests.institutionId))
    .innerJoin(users, eq(users.id, copyRequests.requestedBy))
    .where(eq(copyRequests.id, id));
  return row;
}

export async function jobsOfRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db.select().from(copyJobs).where(inArray(copyJobs.requestId, requestIds)).orderBy(copyJobs.id);
}

export async function recentRequests(
  db: Db,
  userId: number,
  institutionId: number,
  since: Date,
  limit: number,
) {
  return db
    .select()
    .from(copyRequests)
    .where(
      and(
        eq(copyRequests.requestedBy, userId),
        eq(copyRequests.institutionId, institutionId),
        gt(copyRequests.createdAt, since),
        // a request whose courses the caller has all acknowledged (bell or banner) is done with
        sql`exists (select 1 from ${copyJobs} j where j.request_id = ${copyRequests.id}
              and not exists (select 1 from ${alertAcknowledgements} a where a.user_id = ${userId}
                and a.alert_kind = 'copy' and a.alert_id = j.id))`,
      ),
    )
    .orderBy(desc(copyRequests.createdAt))
    .limit(limit);
}

/** Courses of copy requests by id, for retries. */
export async function copyJobsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(copyJobs).where(inArray(copyJobs.id, ids));
}

/** Hands a failed course to a new queue job (queued in the same transaction); only while it is still failed. */
export async function requeueFailed(db: Db, id: number, queueJobId: string) {
  const [row] = await db
    .update(copyJobs)
    .set({
      status: 'notstarted',
      queueJobId,
      reason: null,
      reasonCode: null,
      finishedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(copyJobs.id, id), inArray(copyJobs.status, ['Failed', 'FailedPermanently'])))
    .returning();
  return row;
}

export async function reopenRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return;
  await db.update(copyRequests).set({ finishedAt: null }).where(inArray(copyRequests.id, requestIds));
}

/** A retried course's earlier outcome no longer counts as seen: its alert shows again when it ends. */
export async function forgetCopyAcknowledgements(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(alertAcknowledgements)
    .where(and(eq(alertAcknowledgements.alertKind, 'copy'), inArray(alertAcknowledgements.alertId, ids)));
}

// ---- the copy job ----

export async function findCopyJob(db: Db, id: number) {
  const [row] = await db.select().from(copyJobs).where(eq(copyJobs.id, id));
  return row;
}

/** Records an outcome, guarded by ownership and by not being final already. */
export async function setOutcome(
  db: Db,
  id: number,
  queueJobId: string,
  outcome: { status: CopyStatus; reason: string | null; reasonCode: number | null },
) {
  const final = FINAL.includes(outcome.status);
  const [row] = await db
    .update(copyJobs)
    .set({ ...outcome, finishedAt: final ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(copyJobs.id, id), eq(copyJobs.queueJobId, queueJobId), notInArray(copyJobs.status, FINAL)))
    .returning();
  return row;
}

/** True while some course of the request has not reached a final status. */
export async function hasOpenJobs(db: Db, requestId: string) {
  const rows = await db
    .select({ id: copyJobs.id })
    .from(copyJobs)
    .where(and(eq(copyJobs.requestId, requestId), notInArray(copyJobs.status, FINAL)))
    .limit(1);
  return rows.length > 0;
}

/** How many courses of the request were created (a large batch is followed by ANALYZE). */
export async function succeededCount(db: Db, requestId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(copyJobs)
    .where(and(eq(copyJobs.requestId, requestId), eq(copyJobs.status, 'succeeded')));
  return row?.n ?? 0;
}

/** Marks the request finished once; the caller that gets the row sends the e-mail. */
export async function finishRequest(db: Db, requestId: string) {
  const [row] = await db
    .update(copyRequests)
    .set({ finishedAt: new Date() })
    .where(and(eq(copyRequests.id, requestId), isNull(copyRequests.finishedAt)))
    .returning();
  return row;
}
