/**
 * Offers (spec §2 "/offers and offers/{id}", §3 Product offer, §4 offer status mapping, §7 "GET
 * institution offers", "product/productOffers", "product/getProductOffers", §8, §9 10 per page).
 */
import { z } from 'zod';
import { PRODUCT_OFFERS_PER_PAGE } from '../constants';
import { OFFER_STATUS_DISPLAYS } from '../status';
import { addDaysIso } from '../validation';
import { IdParam, INT_MAX, RowId, text } from './common';
import { defineRoute } from './route';

/** Answer (404) of an institution without offers (spec §7); the web shows an empty state, no alert (§8). */
export const NO_OFFERS_MESSAGE = 'No offers available for this Organization';

/** An offer ending within this many days (today included) is "about to expire". */
export const OFFER_EXPIRING_DAYS = 30;
/** Institutions one comparison may hold. */
export const COMPARE_MAX_INSTITUTIONS = 20;
/** File name of the CSV export. */
export const OFFERS_CSV_FILE = 'Offers.csv';

/**
 * About to expire: still Active or Pending, and its end date falls between today and
 * OFFER_EXPIRING_DAYS days from today (ISO dates).
 */
export function offerExpiresSoon(
  offer: { endsOn: string | null; statusDisplay: string },
  today: string,
): boolean {
  if (!offer.endsOn || (offer.statusDisplay !== 'active' && offer.statusDisplay !== 'pending')) return false;
  return offer.endsOn >= today && offer.endsOn <= addDaysIso(today, OFFER_EXPIRING_DAYS);
}

export const OfferStatusDisplayName = z.enum(OFFER_STATUS_DISPLAYS);
export const OFFER_SORT_FIELDS = ['title', 'status', 'endsOn'] as const;

/** Filters, search, sort and page shared by every offer list (one institution or several). */
const OfferListFilters = z.object({
  status: OfferStatusDisplayName.optional().describe(
    'Only offers shown with this status: active (APPROVED, NEW), inactive (REJECTED), expired (EXPIRED) or pending (anything else).',
  ),
  offerType: text()
    .trim()
    .toUpperCase()
    .max(40)
    .optional()
    .describe(
      'Only offers of this offer type (INCLUSIVE_ACCESS, EQUITABLE_ACCESS, DIRECT_TO_STUDENT, OPT_IN).',
    ),
  q: text()
    .trim()
    .max(200)
    .default('')
    .describe(
      'Search: an ISBN-10 or ISBN-13 in any hyphenation finds that product; other digits match part of the ISBN; else part of the title.',
    ),
  expiring: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false)
    .describe(`true: only Active or Pending offers ending within ${OFFER_EXPIRING_DAYS} days.`),
  sort: z
    .enum(OFFER_SORT_FIELDS)
    .default('title')
    .describe('Sort column: title (default), status or endsOn.'),
  order: z.enum(['asc', 'desc']).default('asc').describe('asc (default) or desc.'),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .describe(`1-based page number; ${PRODUCT_OFFERS_PER_PAGE} offers per page.`),
});
export type OfferListFiltersT = z.infer<typeof OfferListFilters>;

/** GET /api/institution/offers and GET /api/product/productOffers: one institution's offers. */
export const OffersQuery = OfferListFilters.extend({
  organizationId: IdParam.describe('Institution id (orgId / organizationId).'),
});

const OrganizationIds = z
  .array(RowId)
  .min(1)
  .max(COMPARE_MAX_INSTITUTIONS)
  .transform((ids) => [...new Set(ids)]);

/** GET /api/institution/offers/export: the institution's offers with the list's filters, as CSV. */
export const OffersExportQuery = OffersQuery.omit({ page: true });

/** POST /api/product/getProductOffers: the offers of several institutions in one list (staff only). */
export const CompareOffersBody = z.object({
  organizationIds: OrganizationIds.describe(`Institution ids to compare (1 to ${COMPARE_MAX_INSTITUTIONS}).`),
  status: OfferListFilters.shape.status,
  offerType: OfferListFilters.shape.offerType,
  q: OfferListFilters.shape.q,
  expiring: z
    .boolean()
    .default(false)
    .describe(`true: only Active or Pending offers ending within ${OFFER_EXPIRING_DAYS} days.`),
  sort: OfferListFilters.shape.sort,
  order: OfferListFilters.shape.order,
  page: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .describe(`1-based page number; ${PRODUCT_OFFERS_PER_PAGE} offers per page.`),
});
export type CompareOffersBodyT = z.infer<typeof CompareOffersBody>;

/** GET /api/product/getProductOffers/export: the comparison as CSV (ids comma separated). */
export const CompareOffersExportQuery = OfferListFilters.omit({ page: true }).extend({
  organizationIds: text()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Comma-separated institution ids')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(INT_MAX)).min(1).max(COMPARE_MAX_INSTITUTIONS))
    .transform((ids) => [...new Set(ids)])
    .describe(`Comma-separated institution ids (1 to ${COMPARE_MAX_INSTITUTIONS}).`),
});

/** One offer of a list. */
export const OfferRow = z.object({
  offerId: z.number().int().describe('Offer id (the /offers/:id of its detail page).'),
  organizationId: z.number().int().describe('The institution the offer is made to.'),
  institutionName: z.string().describe("That institution's display name."),
  productId: z.number().int().describe('The product offered.'),
  urn: z
    .string()
    .describe("The product's URN (its product detail page is /institution/productDetail/:urn/:id)."),
  isbn: z.string().describe('ISBN as stored (13 digits).'),
  isbnFormatted: z
    .string()
    .describe('ISBN hyphenated for display (978-…); the stored value when it is not an ISBN.'),
  title: z.string().describe('Title of the offer.'),
  offerType: z
    .string()
    .describe('Offer type: INCLUSIVE_ACCESS, EQUITABLE_ACCESS, DIRECT_TO_STUDENT or OPT_IN.'),
  offerStatus: z.string().describe('Stored status: APPROVED, NEW, REJECTED, EXPIRED, PENDING ...'),
  statusDisplay: OfferStatusDisplayName.describe(
    'The status as shown: active, inactive, expired or pending.',
  ),
  inclusive: z.boolean().describe('Whether this is an inclusive-access offer.'),
  startsOn: z.string().nullable().describe('First day of the offer (YYYY-MM-DD); null when open-ended.'),
  endsOn: z.string().nullable().describe('Last day of the offer (YYYY-MM-DD); null when open-ended.'),
  expiresSoon: z
    .boolean()
    .describe(`Active or Pending and ending within ${OFFER_EXPIRING_DAYS} days (today included).`),
  sectionCount: z
    .number()
    .int()
    .describe("Live course sections of the institution built on the offer's product."),
  pairingCount: z.number().int().describe("LMS courses of the institution paired to the offer's product."),
});
export type OfferRowT = z.infer<typeof OfferRow>;

export const OffersResponse = z.object({
  offers: z.array(OfferRow).describe('The offers of the requested page, sorted as asked.'),
  total: z.number().int().describe('Offers matching the filters (all pages).'),
  page: z.number().int().describe('1-based page number answered.'),
  pageSize: z.number().int().describe(`Offers per page (${PRODUCT_OFFERS_PER_PAGE}).`),
  offerTypes: z
    .array(z.string())
    .describe('Offer types the listed institutions have (the offer type filter).'),
  expiringCount: z
    .number()
    .int()
    .describe(
      `Offers of the listed institutions about to expire (within ${OFFER_EXPIRING_DAYS} days), unfiltered.`,
    ),
});
export type OffersResponseT = z.infer<typeof OffersResponse>;

/** GET /api/institution/offers/:offerId */
export const OfferParams = z.object({
  offerId: IdParam.describe('Offer id.'),
});

export const OfferDetailResponse = z.object({
  offer: OfferRow.describe('The offer.'),
  product: z
    .object({
      productId: z.number().int().describe('Product id.'),
      productName: z.string().describe('Product name.'),
      urn: z.string().describe('Product URN.'),
      isbnFormatted: z.string().describe('Hyphenated ISBN.'),
      platform: z.string().describe('Delivery platform.'),
      productType: z.string().describe('Product type (course, assessment ...).'),
      status: z.string().describe('active or retired.'),
    })
    .describe('The product offered.'),
  sections: z
    .array(
      z.object({
        sectionId: z.number().int().describe('Section id (course detail /institution/courseDetail/:id).'),
        courseName: z.string().describe('Course name.'),
        sectionCode: z.string().nullable().describe('Section code, when the course has one.'),
        startDate: z.string().describe('First day of the course (YYYY-MM-DD).'),
        endDate: z.string().describe('Last day of the course (YYYY-MM-DD).'),
        censusDate: z
          .string()
          .nullable()
          .describe('Census date (start + census duration); null when not set.'),
        offerEndsBeforeCensus: z
          .boolean()
          .describe(
            'Inclusive offer ending before the census date: the rule of the course copy confirmation warning.',
          ),
      }),
    )
    .describe("Live sections of the institution built on the offer's product, by start date (at most 500)."),
  pairings: z
    .array(
      z.object({
        pairingId: z.number().int().describe('Pairing id.'),
        lmsCourseId: z.string().describe('Course id in the LMS.'),
        lmsCourseName: z.string().nullable().describe('Course name in the LMS.'),
        lmsKind: z.string().nullable().describe('canvas, blackboard ...'),
        sectionId: z.number().int().nullable().describe('The section the LMS course is linked to, if any.'),
      }),
    )
    .describe("LMS courses of the institution paired to the offer's product (at most 500)."),
});
export type OfferDetailResponseT = z.infer<typeof OfferDetailResponse>;

/** Columns of the CSV export. */
export const OFFERS_CSV_COLUMNS = [
  'Institution',
  'ISBN',
  'Title',
  'Offer Type',
  'Status',
  'Start Date',
  'End Date',
  'Inclusive',
  'Expires Within 30 Days',
  'Sections',
  'Paired LMS Courses',
] as const;

/** The Offers area's operations; the two CSV exports are files (no JSON answer). */
export const offersApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/institution/offers',
    query: OffersQuery,
    response: OffersResponse,
  }),
  export: defineRoute({ method: 'GET', path: '/api/institution/offers/export', query: OffersExportQuery }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/institution/offers/:offerId',
    params: OfferParams,
    response: OfferDetailResponse,
  }),
  productOffers: defineRoute({
    method: 'GET',
    path: '/api/product/productOffers',
    query: OffersQuery,
    response: OffersResponse,
  }),
  compare: defineRoute({
    method: 'POST',
    path: '/api/product/getProductOffers',
    body: CompareOffersBody,
    response: OffersResponse,
  }),
  compareExport: defineRoute({
    method: 'GET',
    path: '/api/product/getProductOffers/export',
    query: CompareOffersExportQuery,
  }),
};
