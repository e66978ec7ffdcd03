import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OFFERS_CSV_FILE, offersApi } from '../../../shared/contract/offers';
import type { RouteBody, RouteQuery, RouteResponse } from '../../../shared/contract/route';
import { call, isApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type OfferList = RouteResponse<typeof offersApi.list>;
export type OfferRow = OfferList['offers'][number];
type ListParams = RouteQuery<typeof offersApi.list>;
type CompareParams = RouteBody<typeof offersApi.compare>;

export const offerKeys = {
  all: ['offers'] as const,
  list: (params: ListParams) => ['offers', 'list', params] as const,
  compare: (params: CompareParams) => ['offers', 'compare', params] as const,
  detail: (offerId: number) => ['offers', 'detail', offerId] as const,
};

/**
 * The institution has no offers at all: GET offers answered 404 or the description "No offers
 * available for this Organization" (spec §7). The page shows an empty state, no alert (spec §8).
 */
export function isNoOffers(error: unknown): boolean {
  return isApiError(error) && (error.message === 'error.noOffers' || error.status === 404);
}

/** The parameters without their empty values (the query string leaves them out). */
const asQuery = <T extends object>(params: T) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as T;

/** GET institution/offers: one page of the institution's offers. */
export function useOffers(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: offerKeys.list(params),
    queryFn: ({ signal }) => call(offersApi.list, { signal, query: asQuery(params) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST product/getProductOffers: one page of several institutions' offers (staff). */
export function useCompareOffers(params: CompareParams, enabled = true) {
  return useQuery({
    queryKey: offerKeys.compare(params),
    queryFn: ({ signal }) => call(offersApi.compare, { body: params, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET institution/offers/:offerId */
export function useOffer(offerId: number | null) {
  return useQuery({
    queryKey: offerKeys.detail(offerId ?? 0),
    queryFn: ({ signal }) => call(offersApi.detail, { signal, params: { offerId: offerId ?? 0 } }),
    enabled: offerId !== null,
    retry: false,
  });
}

type ExportFilters = Omit<ListParams, 'organizationId' | 'page'>;

/** The current list (with its filters) as CSV: one institution, or several (comma-separated ids). */
export function exportOffers(organizationIds: number[], filters: ExportFilters) {
  const query = asQuery(filters) as Record<string, string | number>;
  if (organizationIds.length === 1) {
    return downloadFile(
      offersApi.export.path,
      { ...query, organizationId: organizationIds[0] },
      OFFERS_CSV_FILE,
    );
  }
  return downloadFile(
    offersApi.compareExport.path,
    { ...query, organizationIds: organizationIds.join(',') },
    OFFERS_CSV_FILE,
  );
}
