/**
 * The teacher's deep-linking choice as later launches carry it back: the tool's deep-linking response
 * puts `custom: { product_id, offer_id }` on the link, the LMS stores it and sends it in the custom
 * claim of every launch of that link. Here: reading it from a launch, and whether that offer can pair
 * the course.
 */
import { eq } from 'drizzle-orm';
import { isActiveOfferStatus } from '../../../../shared/status';
import type { Db } from '../../../db/client';
import { offers, products } from '../../../db/schema';
import type { LaunchSession } from './lti-session';

export const CUSTOM_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/custom';

/** The choice a launch's custom claim names (ids as the tool wrote them). */
export interface LaunchChoice {
  offerId: number;
  productId: number | null;
}

const id = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : null;
};

/** The custom claim's offer (and product), or null when it names none (or not as ids). */
export function choiceOfClaims(claims: Record<string, unknown>): LaunchChoice | null {
  const custom = claims[CUSTOM_CLAIM];
  if (!custom || typeof custom !== 'object' || Array.isArray(custom)) return null;
  const c = custom as Record<string, unknown>;
  const offerId = id(c.offer_id);
  return offerId === null ? null : { offerId, productId: id(c.product_id) };
}

/** Why a chosen offer cannot pair the course (each has its own text on the landing page). */
export type UnusableWhy = 'unknown' | 'otherInstitution' | 'productChanged' | 'inactive' | 'expired';

export type ResolvedChoice =
  | { usable: true; offer: { id: number; title: string; productId: number; productName: string } }
  | { usable: false; why: UnusableWhy; title: string | null; endsOn: string | null };

/** Whether the chosen offer can pair a course of `institutionId` today, and if not, why. */
export async function resolveChoice(
  db: Db,
  choice: LaunchChoice,
  institutionId: number,
  today: string,
): Promise<ResolvedChoice> {
  const [o] = await db
    .select({
      id: offers.id,
      title: offers.title,
      institutionId: offers.institutionId,
      productId: offers.productId,
      productName: products.productName,
      status: offers.offerStatus,
      startsOn: offers.startsOn,
      endsOn: offers.endsOn,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, choice.offerId))
    .limit(1);
  const no = (why: UnusableWhy, title: string | null = o?.title ?? null) =>
    ({ usable: false, why, title, endsOn: o?.endsOn ?? null }) as const;
  if (!o) return no('unknown', null);
  // another institution's offer: its title is not this institution's to see
  if (o.institutionId !== institutionId) return no('otherInstitution', null);
  if (choice.productId !== null && choice.productId !== o.productId) return no('productChanged');
  if (o.endsOn !== null && o.endsOn < today) return no('expired');
  if (!isActiveOfferStatus(o.status)) return no('inactive');
  return {
    usable: true,
    offer: { id: o.id, title: o.title, productId: o.productId, productName: o.productName },
  };
}

/** The content item type this tool returns. */
export const ITEM_TYPE = 'ltiResourceLink';

/** The session fields of the platform's accept_types and accept_multiple (deep_linking_settings). */
export function deepLinkAccepts(
  dl: Record<string, unknown> | undefined,
): Pick<LaunchSession, 'dlTypes' | 'dlMulti'> {
  if (!dl) return {};
  const types = Array.isArray(dl.accept_types)
    ? dl.accept_types.filter((t): t is string => typeof t === 'string').slice(0, 20)
    : undefined;
  return { ...(types ? { dlTypes: types } : {}), ...(dl.accept_multiple === true ? { dlMulti: true } : {}) };
}

/** Whether the platform takes this tool's links in this deep-linking request (accept_types). */
export function acceptsLinks(s: LaunchSession): boolean {
  return !s.dlTypes || s.dlTypes.includes(ITEM_TYPE);
}
