import { useSearchParams } from 'react-router';
import { OFFER_SORT_FIELDS } from '../../../shared/contract/offers';
import { OFFER_STATUS_DISPLAYS, type OfferStatusDisplay } from '../../../shared/status';
import type { OfferSortField } from './components/OffersTable';

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Filters, sort and page live in the URL, so back and reload keep them. */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = {
    status: oneOf<OfferStatusDisplay>(params.get('status'), OFFER_STATUS_DISPLAYS),
    offerType: params.get('type') || undefined,
    q: params.get('q') ?? '',
    expiring: params.get('expiring') === '1',
    sort: oneOf<OfferSortField>(params.get('sort'), OFFER_SORT_FIELDS) ?? 'title',
    order: params.get('order') === 'desc' ? ('desc' as const) : ('asc' as const),
    page: Math.max(1, Number(params.get('page')) || 1),
    compare: params.get('view') === 'compare',
  };
  const update = (patch: Record<string, string | number | null>, resetPage = true) =>
    setParams(
      () => {
        // the live address, not the last render's: two quick changes (status, then the chip) both stay
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { ...state, update };
}

/** The offers list's filters, sort, page and view, with the way to change them. */
export type ListState = ReturnType<typeof useListState>;
