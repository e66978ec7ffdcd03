import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isbnSearchDigits, OFFER_STATUS_FILTERS } from '../../../shared/contract/products';
import type { OfferStatusDisplay } from '../../../shared/status';
import { isIsoDate, validateSixMonthRange, type ValidationCode } from '../../../shared/validation';
import type { ListFilters } from './api';

/**
 * The Products page filters live in the URL (saved views): a view can be bookmarked and shared.
 * `org` holds organisation ids joined by commas; everything else is one parameter each.
 */
export interface ProductFilters {
  orgs: number[];
  view: NonNullable<ListFilters['view']>;
  productId?: number;
  offerStatus?: OfferStatusDisplay;
  channelPartner?: number;
  isbn: string;
  pairing: boolean;
  /** Which duration column is editable. */
  mode: 'census' | 'freeAccess';
  dateFlag: boolean;
  from: string;
  to: string;
  /** Page of each organisation's list (`p<orgId>` in the URL). */
  pages: Record<number, number>;
}

const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export function parseFilters(p: URLSearchParams): ProductFilters {
  const status = p.get('status');
  return {
    orgs: (p.get('org') ?? '')
      .split(',')
      .map((s) => id(s))
      .filter((n): n is number => n !== undefined),
    view: p.get('view') === 'institution' ? 'institution' : 'organization',
    productId: id(p.get('product')),
    offerStatus: OFFER_STATUS_FILTERS.includes(status as OfferStatusDisplay)
      ? (status as OfferStatusDisplay)
      : undefined,
    channelPartner: id(p.get('partner')),
    isbn: p.get('isbn') ?? '',
    pairing: p.get('pairing') === '1',
    mode: p.get('mode') === 'freeAccess' ? 'freeAccess' : 'census',
    dateFlag: p.get('dates') === '1',
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    pages: Object.fromEntries(
      [...p.entries()]
        .filter(([k, v]) => /^p\d+$/.test(k) && id(v))
        .map(([k, v]) => [Number(k.slice(1)), Number(v)]),
    ),
  };
}

export function toParams(f: ProductFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.orgs.length) p.set('org', f.orgs.join(','));
  if (f.view !== 'organization') p.set('view', f.view);
  if (f.productId) p.set('product', String(f.productId));
  if (f.offerStatus) p.set('status', f.offerStatus);
  if (f.channelPartner) p.set('partner', String(f.channelPartner));
  if (f.isbn) p.set('isbn', f.isbn);
  if (f.pairing) p.set('pairing', '1');
  if (f.mode !== 'census') p.set('mode', f.mode);
  if (f.dateFlag) p.set('dates', '1');
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  for (const [org, page] of Object.entries(f.pages)) if (page > 1) p.set(`p${org}`, String(page));
  return p;
}

/** The date range problem, if the course-date flag is on: both dates, in order, six months at most. */
export function dateRangeError(f: ProductFilters): ValidationCode | null {
  if (!f.dateFlag) return null;
  if (!isIsoDate(f.from) || !isIsoDate(f.to)) return 'required';
  if (f.to < f.from) return 'endBeforeStart';
  return validateSixMonthRange(f.from, f.to);
}

/** What the list call is asked (the course-date range only when it is valid). */
export function listQuery(f: ProductFilters, orgId: number): ListFilters {
  const range = f.dateFlag && !dateRangeError(f);
  return {
    view: f.view,
    productId: f.productId,
    offerStatus: f.offerStatus,
    channelPartner: f.channelPartner,
    isbn: isbnSearchDigits(f.isbn) ? f.isbn.trim() : undefined,
    pairing: f.pairing ? 'true' : undefined,
    courseDateFrom: range ? f.from : undefined,
    courseDateTo: range ? f.to : undefined,
    page: f.pages[orgId] ?? 1,
  };
}

export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  /** Changes filters; any change but the pages themselves goes back to the first pages. */
  const update = useCallback(
    (change: Partial<ProductFilters>) =>
      setParams((prev) => toParams({ ...parseFilters(prev), pages: {}, ...change }), { replace: true }),
    [setParams],
  );
  return { filters, update };
}
