import { and, eq, inArray } from 'drizzle-orm';
import { USABLE_OFFER_STATUSES } from '../../../shared/status';
import type { Db } from '../../db/client';
import { institutions, offers, sectionInstructors } from '../../db/schema';

/** The institution's active (APPROVED or NEW) offer for a product, if any. */
export async function activeOfferForProduct(db: Db, institutionId: number, productId: number) {
  const [row] = await db
    .select({ id: offers.id, offerType: offers.offerType })
    .from(offers)
    .where(
      and(
        eq(offers.institutionId, institutionId),
        eq(offers.productId, productId),
        inArray(offers.offerStatus, [...USABLE_OFFER_STATUSES]),
      ),
    )
    .limit(1);
  return row;
}

/** The institution's census duration (new courses start with it). */
export async function institutionCensusDuration(db: Db, institutionId: number): Promise<number> {
  const [row] = await db
    .select({ censusDuration: institutions.censusDuration })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row?.censusDuration ?? -1;
}

export async function insertInstructors(db: Db, sectionId: number, list: { userId: number; role: string }[]) {
  if (list.length) await db.insert(sectionInstructors).values(list.map((i) => ({ sectionId, ...i })));
}

export async function institutionExists(db: Db, institutionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return !!row;
}
