import { Box, LoadingOverlay, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_OFFERS_PER_PAGE } from '../../../../shared/constants';
import { OFFER_SORT_FIELDS } from '../../../../shared/contract/offers';
import { Pager } from '../../../components/Pager';
import type { OfferList } from '../api';
import type { ListState } from '../list-state';
import { OfferCards, type OfferSortField, OffersTable } from './OffersTable';

const SORT_LABEL = {
  title: 'offers.table.title',
  status: 'offers.table.status',
  endsOn: 'offers.table.endsOn',
} as const satisfies Record<OfferSortField, string>;

interface OfferResultsProps {
  s: ListState;
  list: { data?: OfferList; isFetching: boolean; isPending: boolean };
  /** Several institutions compared: an institution column (or line) in each row. */
  compare: boolean;
  caption: string;
}

/** The offers found: their count, a sortable table (cards with a sort menu on a phone) and the pager. */
export function OfferResults({ s, list, compare, caption }: OfferResultsProps) {
  const { t } = useTranslation();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PRODUCT_OFFERS_PER_PAGE)) : 1;
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={list.isFetching && !list.isPending} zIndex={5} overlayProps={{ blur: 1 }} />
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="offer-total">
          {t('offers.table.total', { count: data.total })}
        </Text>
      )}
      {data && data.total === 0 && <Text data-testid="offers-no-match">{t('offers.noMatch')}</Text>}
      {data && data.offers.length > 0 && (
        <Box visibleFrom="sm">
          <OffersTable
            offers={data.offers}
            showInstitution={compare}
            sort={s.sort}
            order={s.order}
            onSort={(field) =>
              s.update({ sort: field, order: field === s.sort && s.order === 'asc' ? 'desc' : null }, false)
            }
            caption={caption}
          />
        </Box>
      )}
      {data && data.offers.length > 0 && (
        <Stack hiddenFrom="sm" gap="sm">
          <Select
            label={t('offers.sort.label')}
            data={OFFER_SORT_FIELDS.flatMap((field) =>
              (['asc', 'desc'] as const).map((order) => ({
                value: `${field}:${order}`,
                label: t(`offers.sort.${order}`, { column: t(SORT_LABEL[field]) }),
              })),
            )}
            value={`${s.sort}:${s.order}`}
            onChange={(v) => {
              const [field, order] = (v ?? 'title:asc').split(':');
              s.update(
                { sort: field === 'title' ? null : field, order: order === 'desc' ? 'desc' : null },
                false,
              );
            }}
            allowDeselect={false}
            data-testid="offers-sort"
          />
          <OfferCards offers={data.offers} showInstitution={compare} />
        </Stack>
      )}
      {pages > 1 && (
        <Pager
          total={pages}
          value={Math.min(s.page, pages)}
          onChange={(p) => s.update({ page: p === 1 ? null : p }, false)}
          data-testid="offers-pager"
        />
      )}
    </Stack>
  );
}
