import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type CompareOffersBody,
  OFFERS_CSV_FILE,
  type OfferDetailResponse,
  type OffersQuery,
  type OffersResponse,
} from '../../../shared/contract/offers';
import { api, isApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type OfferList = z.infer<typeof OffersResponse>;
export type OfferRow = OfferList['offers'][number];
export type OfferDetail = z.infer<typeof OfferDetailResponse>;
type ListParams = z.input<typeof OffersQuery>;
type CompareParams = z.input<typeof CompareOffersBody>;

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

const asQuery = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number | boolean
  >;

/** GET institution/offers: one page of the institution's offers. */
export function useOffers(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: offerKeys.list(params),
    queryFn: ({ signal }) => api<OfferList>('/api/institution/offers', { signal, query: asQuery(params) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST product/getProductOffers: one page of several institutions' offers (staff). */
export function useCompareOffers(params: CompareParams, enabled = true) {
  return useQuery({
    queryKey: offerKeys.compare(params),
    queryFn: ({ signal }) =>
      api<OfferList>('/api/product/getProductOffers', { method: 'POST', body: params, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET institution/offers/:offerId */
export function useOffer(offerId: number | null) {
  return useQuery({
    queryKey: offerKeys.detail(offerId ?? 0),
    queryFn: ({ signal }) => api<OfferDetail>(`/api/institution/offers/${offerId}`, { signal }),
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
      '/api/institution/offers/export',
      { ...query, organizationId: organizationIds[0] },
      OFFERS_CSV_FILE,
    );
  }
  return downloadFile(
    '/api/product/getProductOffers/export',
    { ...query, organizationIds: organizationIds.join(',') },
    OFFERS_CSV_FILE,
  );
}
