import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productsApi } from '../../../shared/contract/products';
import { pathOf, type RouteBody, type RouteQuery, type RouteResponse } from '../../../shared/contract/route';
import { call } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type ProductList = RouteResponse<typeof productsApi.list>;
export type ProductViewT = ProductList['productViews'][number];
export type PairingT = RouteResponse<typeof productsApi.pairing>['pairing'];
export type LmsList = RouteResponse<typeof productsApi.lmsList>;
export type ProductSummaryT = RouteResponse<typeof productsApi.byIsbn>['product'];
/** Filters of the list as the URL holds them (page and view included). */
export type ListFilters = Partial<RouteQuery<typeof productsApi.list>>;

export const productKeys = {
  all: ['products'] as const,
  organizations: () => ['products', 'organizations'] as const,
  list: (orgId: number, f: ListFilters) => ['products', 'list', orgId, f] as const,
  detail: (institutionId: number, urn: string) => ['products', 'detail', institutionId, urn] as const,
  pairing: (id: number) => ['products', 'pairing', id] as const,
  lms: (institutionId: number) => ['products', 'lms', institutionId] as const,
  partners: () => ['products', 'partners'] as const,
};

/** The filters without their empty values (the query string leaves them out). */
const clean = <T extends object>(f: T) =>
  Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Partial<T>;

export function useOrganizations() {
  return useQuery({
    queryKey: productKeys.organizations(),
    queryFn: ({ signal }) => call(productsApi.organizations, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET products/organization/{id}: one page of the organisation's products. */
export function useProductList(orgId: number, f: ListFilters, enabled = true) {
  return useQuery({
    queryKey: productKeys.list(orgId, f),
    queryFn: ({ signal }) => call(productsApi.list, { signal, params: { id: orgId }, query: clean(f) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProductDetail(institutionId: number, urn: string) {
  return useQuery({
    queryKey: productKeys.detail(institutionId, urn),
    queryFn: ({ signal }) =>
      call(productsApi.detail, { signal, params: { id: institutionId }, query: { urn } }),
  });
}

export function usePairing(pairingId: number) {
  return useQuery({
    queryKey: productKeys.pairing(pairingId),
    queryFn: ({ signal }) => call(productsApi.pairing, { signal, query: { pairingId } }),
  });
}

export function useLmsList(institutionId: number | undefined) {
  return useQuery({
    queryKey: productKeys.lms(institutionId ?? 0),
    queryFn: ({ signal }) => call(productsApi.lmsList, { signal, query: { organizationId: institutionId! } }),
    enabled: !!institutionId,
  });
}

export function useChannelPartners() {
  return useQuery({
    queryKey: productKeys.partners(),
    queryFn: ({ signal }) => call(productsApi.channelPartners, { signal }),
    staleTime: 5 * 60_000,
  });
}

export const productByIsbn = (isbn: string) => call(productsApi.byIsbn, { params: { isbn } });

export const searchProducts = (text: string) => call(productsApi.search, { params: { x: text } });

/** Every change reloads the product lists (spec §4: after a pairing the lists reload). */
function useProductsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useCreatePairing() {
  return useProductsMutation((body: RouteBody<typeof productsApi.createPairing>) =>
    call(productsApi.createPairing, { body }),
  );
}

export function useUpdatePairing() {
  return useProductsMutation(
    (v: { pairingId: number; organizationId: number; censusDuration: string; freeAccessDuration: string }) =>
      call(productsApi.updatePairing, {
        query: { pairingId: v.pairingId, organizationId: v.organizationId },
        body: { censusDuration: v.censusDuration, freeAccessDuration: v.freeAccessDuration },
      }),
  );
}

export function useRemovePairing() {
  return useProductsMutation((v: { pairingId: number; organizationId: number }) =>
    call(productsApi.removePairing, { query: v }),
  );
}

/** GET export/organization/{id}: the CSV download; resolves to the file name. */
export const exportOrganization = (orgId: number, f: { channelPartner?: number; productId?: number }) =>
  downloadFile(
    pathOf(productsApi.export, { id: orgId }),
    clean(f) as Record<string, string | number>,
    'courses.csv',
  );
