import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChannelPartnerListResponse,
  CreatePairingBody,
  LmsListResponse,
  OrganizationsResponse,
  PairingChangeResponse,
  PairingDeleteResponse,
  PairingResponse,
  ProductByIsbnResponse,
  ProductDetailResponse,
  ProductListQuery,
  ProductListResponse,
  ProductSearchResponse,
} from '../../../shared/contract/products';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type ProductList = z.infer<typeof ProductListResponse>;
export type ProductViewT = ProductList['productViews'][number];
export type ProductDetail = z.infer<typeof ProductDetailResponse>;
export type PairingT = z.infer<typeof PairingResponse>['pairing'];
export type LmsList = z.infer<typeof LmsListResponse>;
export type ProductSummaryT = z.infer<typeof ProductByIsbnResponse>['product'];
/** Filters of the list as the URL holds them (page and view included). */
export type ListFilters = Partial<z.input<typeof ProductListQuery>>;

export const productKeys = {
  all: ['products'] as const,
  organizations: () => ['products', 'organizations'] as const,
  list: (orgId: number, f: ListFilters) => ['products', 'list', orgId, f] as const,
  detail: (institutionId: number, urn: string) => ['products', 'detail', institutionId, urn] as const,
  pairing: (id: number) => ['products', 'pairing', id] as const,
  lms: (institutionId: number) => ['products', 'lms', institutionId] as const,
  partners: () => ['products', 'partners'] as const,
};

const clean = (f: ListFilters) =>
  Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Record<string, string | number | boolean>;

export function useOrganizations() {
  return useQuery({
    queryKey: productKeys.organizations(),
    queryFn: ({ signal }) =>
      api<z.infer<typeof OrganizationsResponse>>('/api/products/organizations', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET products/organization/{id}: one page of the organisation's products. */
export function useProductList(orgId: number, f: ListFilters, enabled = true) {
  return useQuery({
    queryKey: productKeys.list(orgId, f),
    queryFn: ({ signal }) =>
      api<ProductList>(`/api/products/organization/${orgId}`, { signal, query: clean(f) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProductDetail(institutionId: number, urn: string) {
  return useQuery({
    queryKey: productKeys.detail(institutionId, urn),
    queryFn: ({ signal }) =>
      api<ProductDetail>(`/api/products/${institutionId}/details`, { signal, query: { urn } }),
  });
}

export function usePairing(pairingId: number) {
  return useQuery({
    queryKey: productKeys.pairing(pairingId),
    queryFn: ({ signal }) =>
      api<z.infer<typeof PairingResponse>>('/api/products/coursedetails', { signal, query: { pairingId } }),
  });
}

export function useLmsList(institutionId: number | undefined) {
  return useQuery({
    queryKey: productKeys.lms(institutionId ?? 0),
    queryFn: ({ signal }) =>
      api<LmsList>('/api/products/getLmsList/', { signal, query: { organizationId: institutionId! } }),
    enabled: !!institutionId,
  });
}

export function useChannelPartners() {
  return useQuery({
    queryKey: productKeys.partners(),
    queryFn: ({ signal }) =>
      api<z.infer<typeof ChannelPartnerListResponse>>('/api/products/getChannelPartnerList/', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const productByIsbn = (isbn: string) =>
  api<z.infer<typeof ProductByIsbnResponse>>(
    `/api/products/productDetailsByIsbn/${encodeURIComponent(isbn)}`,
  );

export const searchProducts = (text: string) =>
  api<z.infer<typeof ProductSearchResponse>>(`/api/products/productDetails/${encodeURIComponent(text)}`);

/** Every change reloads the product lists (spec §4: after a pairing the lists reload). */
function useProductsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useCreatePairing() {
  return useProductsMutation((body: z.input<typeof CreatePairingBody>) =>
    api<z.infer<typeof PairingChangeResponse>>('/api/products/createCourseParing/', { method: 'POST', body }),
  );
}

export function useUpdatePairing() {
  return useProductsMutation(
    (v: { pairingId: number; organizationId: number; censusDuration: string; freeAccessDuration: string }) =>
      api<z.infer<typeof PairingChangeResponse>>('/api/products/coursedetails', {
        method: 'PUT',
        query: { pairingId: v.pairingId, organizationId: v.organizationId },
        body: { censusDuration: v.censusDuration, freeAccessDuration: v.freeAccessDuration },
      }),
  );
}

export function useRemovePairing() {
  return useProductsMutation((v: { pairingId: number; organizationId: number }) =>
    api<z.infer<typeof PairingDeleteResponse>>('/api/products/coursedetails', { method: 'DELETE', query: v }),
  );
}

/** GET export/organization/{id}: the CSV download; resolves to the file name. */
export const exportOrganization = (orgId: number, f: { channelPartner?: number; productId?: number }) =>
  downloadFile(
    `/api/export/organization/${orgId}`,
    clean(f) as Record<string, string | number>,
    'courses.csv',
  );
