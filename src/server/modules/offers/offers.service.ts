import ISBN from 'isbn3';
import { PRODUCT_OFFERS_PER_PAGE } from '../../../shared/constants';
import { inclusiveOfferEndsBeforeCensus } from '../../../shared/contract/course-copy';
import {
  type CompareOffersBodyT,
  NO_OFFERS_MESSAGE,
  OFFERS_CSV_COLUMNS,
  OFFERS_CSV_FILE,
  type OfferDetailResponseT,
  type OfferListFiltersT,
  type OfferRowT,
  type OffersResponseT,
  offerExpiresSoon,
} from '../../../shared/contract/offers';
import { OFFER_STATUS_TEXT, offerStatusDisplay, offerTypeText } from '../../../shared/status';
import { censusDate, formatUsDate } from '../../../shared/validation';
import type { Db } from '../../db/client';
import { todayInInstitution } from '../../lib/institution-today';
import { todayOf, todaysOf } from '../../lib/today-rule';
import { AppError, notFound } from '../../lib/app-error';
import {
  existingInstitutions,
  offerSummary,
  offerPage,
  offerRowsAll,
  offerWithProduct,
  pairingsUsing,
  sectionsUsing,
} from './offers.queries';

type RawRow = Omit<OfferRowT, 'isbnFormatted' | 'statusDisplay' | 'expiresSoon'>;

/**
 * The ISBN hyphenated for display: by its registration group and registrant where isbn3 knows
 * the range, else prefix-body-check digit for 13 digits; any other text as stored.
 */
export function formatIsbn(isbn: string): string {
  const hyphenated = ISBN.hyphenate(isbn);
  if (hyphenated) return hyphenated;
  return /^\d{13}$/.test(isbn) ? `${isbn.slice(0, 3)}-${isbn.slice(3, 12)}-${isbn.slice(12)}` : isbn;
}

function toOfferRow(r: RawRow, today: string): OfferRowT {
  const statusDisplay = offerStatusDisplay(r.offerStatus);
  return {
    offerId: r.offerId,
    organizationId: r.organizationId,
    institutionName: r.institutionName,
    productId: r.productId,
    urn: r.urn,
    isbn: r.isbn,
    isbnFormatted: formatIsbn(r.isbn),
    title: r.title,
    offerType: r.offerType,
    offerStatus: r.offerStatus,
    statusDisplay,
    inclusive: r.inclusive,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    expiresSoon: offerExpiresSoon({ endsOn: r.endsOn, statusDisplay }, today),
    sectionCount: Number(r.sectionCount),
    pairingCount: Number(r.pairingCount),
  };
}

type PageFilters = Pick<
  OfferListFiltersT,
  'status' | 'offerType' | 'q' | 'expiring' | 'sort' | 'order' | 'page'
>;

async function requireInstitutions(db: Db, ids: number[]) {
  const found = await existingInstitutions(db, ids);
  if (ids.some((id) => !found.has(id))) throw notFound('Institution');
}

/** A page of the institutions' offers; `noOffers` says what an institution without any offer answers. */
async function listOf(db: Db, institutionIds: number[], f: PageFilters, noOffers: 'error' | 'empty') {
  // each institution's offers are judged by its own day, however many are compared
  const todays = await todaysOf(db, institutionIds);
  const summary = await offerSummary(db, institutionIds, f, todays);
  // the access hook has already checked a single institution's id; several are checked here
  if (summary.all === 0 || institutionIds.length > 1) await requireInstitutions(db, institutionIds);
  if (summary.all === 0 && noOffers === 'error') throw new AppError('error.noOffers', NO_OFFERS_MESSAGE);
  const first = (f.page - 1) * PRODUCT_OFFERS_PER_PAGE;
  const rows = summary.total > first ? await offerPage(db, institutionIds, f, todays) : [];
  return {
    offers: rows.map((r) => toOfferRow(r, todayOf(todays, r.organizationId))),
    total: summary.total,
    page: f.page,
    pageSize: PRODUCT_OFFERS_PER_PAGE,
    offerTypes: summary.offerTypes,
    expiringCount: summary.expiring,
  } satisfies OffersResponseT;
}

/**
 * GET /api/institution/offers: one institution's offers, a page of them. An institution without any
 * offer answers 404 "No offers available for this Organization" (spec §7), which the page shows as
 * an empty state without an alert (spec §8).
 */
export async function institutionOffers(db: Db, organizationId: number, f: PageFilters) {
  return listOf(db, [organizationId], f, 'error');
}

/** GET /api/product/productOffers: the same list; no offers is an empty page (200). */
export async function productOffers(db: Db, organizationId: number, f: PageFilters) {
  return listOf(db, [organizationId], f, 'empty');
}

/** POST /api/product/getProductOffers: several institutions' offers in one list (staff only). */
export async function compareOffers(db: Db, body: CompareOffersBodyT) {
  return listOf(db, body.organizationIds, body, 'empty');
}

/** The CSV export of a list with its filters (every page), through the one CSV writer. */
export async function offersCsv(db: Db, institutionIds: number[], f: Omit<PageFilters, 'page'>) {
  await requireInstitutions(db, institutionIds);
  const todays = await todaysOf(db, institutionIds);
  async function* rows() {
    for await (const raw of offerRowsAll(db, institutionIds, f, todays)) {
      const r = toOfferRow(raw, todayOf(todays, raw.organizationId));
      yield [
        r.institutionName,
        r.isbnFormatted,
        r.title,
        offerTypeText(r.offerType),
        OFFER_STATUS_TEXT[r.statusDisplay],
        formatUsDate(r.startsOn),
        formatUsDate(r.endsOn),
        r.inclusive ? 'Yes' : 'No',
        r.expiresSoon ? 'Yes' : 'No',
        r.sectionCount,
        r.pairingCount,
      ];
    }
  }
  return { fileName: OFFERS_CSV_FILE, columns: OFFERS_CSV_COLUMNS, rows: rows() };
}

/** GET /api/institution/offers/:offerId: the offer, its product, the sections and pairings using it. */
export async function offerDetail(db: Db, offerId: number): Promise<OfferDetailResponseT> {
  const row = await offerWithProduct(db, offerId);
  if (!row) throw new AppError('error.offerNotFound', 'Offer not found.');
  const offer = toOfferRow(row, await todayInInstitution(db, row.organizationId));
  const [sections, pairings] = await Promise.all([
    sectionsUsing(db, row.organizationId, row.productId),
    pairingsUsing(db, row.organizationId, row.productId),
  ]);
  return {
    offer,
    product: {
      productId: row.productId,
      productName: row.productName,
      urn: row.urn,
      isbnFormatted: offer.isbnFormatted,
      platform: row.platform,
      productType: row.productType,
      status: row.productStatus,
    },
    sections: sections.map((s) => ({
      sectionId: s.sectionId,
      courseName: s.courseName,
      sectionCode: s.sectionCode,
      startDate: s.startDate,
      endDate: s.endDate,
      censusDate: censusDate(s.startDate, s.censusDuration),
      offerEndsBeforeCensus:
        offer.inclusive && inclusiveOfferEndsBeforeCensus(s.startDate, s.censusDuration, offer.endsOn),
    })),
    pairings,
  };
}
