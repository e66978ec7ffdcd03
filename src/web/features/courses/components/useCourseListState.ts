import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_FIELDS } from '../../../../shared/contract/course-list';
import type { CourseRow } from '../api';
import type { Filters, Period, UseTypeFilter } from './CourseFilters';
import type { SortField } from './CourseTable';

export const PAGE_SIZES = ['25', '50', '100'];
const DEFAULTS = {
  period: 'current',
  type: 'studentuse',
  product: 'all_products',
  access: 'ALL',
  q: '',
} as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Filters, sort and page of the course list live in the URL, so back and reload keep them. */
export function useCourseListState() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    period: oneOf<Period>(params.get('period'), ['current', 'future', 'past'], DEFAULTS.period),
    type: oneOf<UseTypeFilter>(params.get('type'), ['studentuse', 'instructoruse', 'all'], DEFAULTS.type),
    product: params.get('product') ?? DEFAULTS.product,
    access: params.get('access') ?? DEFAULTS.access,
    q: params.get('q') ?? DEFAULTS.q,
  };
  const sort = oneOf<SortField>(params.get('sort'), SORT_FIELDS, 'courseName');
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(oneOf(params.get('size'), PAGE_SIZES, '25'));
  const update = (patch: Record<string, string | number | null>, resetPage = true) =>
    setParams(
      () => {
        // the live address, not the last render's: two quick changes both stay
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(patch)) {
          const isDefault = v === null || v === '' || (DEFAULTS as Record<string, string>)[k] === String(v);
          if (isDefault) next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, sort, order, page, pageSize, update } as const;
}

/** The rows selected in one list (kept across pages); a new list (`listKey`) starts empty. */
export function useCourseSelection(pageRows: CourseRow[], listKey: string) {
  const [selected, setSelected] = useState(new Map<number, CourseRow>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection belongs to one list
  useEffect(() => setSelected(new Map()), [listKey]);
  const selectedRows = useMemo(() => [...selected.values()], [selected]);
  const toggle = (c: CourseRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(c.sectionId)) next.delete(c.sectionId);
      else next.set(c.sectionId, c);
      return next;
    });
  const togglePage = (all: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const c of pageRows) {
        if (all) next.set(c.sectionId, c);
        else next.delete(c.sectionId);
      }
      return next;
    });
  const selectOnly = (rows: CourseRow[]) => setSelected(new Map(rows.map((c) => [c.sectionId, c])));
  const clear = () => setSelected(new Map());
  return { selected, selectedRows, toggle, togglePage, selectOnly, clear };
}
