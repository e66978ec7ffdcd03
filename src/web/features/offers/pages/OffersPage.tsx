import {
  Alert,
  Box,
  Button,
  Chip,
  EmptyState,
  Group,
  LoadingOverlay,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PRODUCT_OFFERS_PER_PAGE } from '../../../../shared/constants';
import { OFFER_EXPIRING_DAYS, OFFER_SORT_FIELDS } from '../../../../shared/contract/offers';
import { can } from '../../../../shared/permissions';
import { OFFER_STATUS_DISPLAYS, type OfferStatusDisplay } from '../../../../shared/status';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import { notifyError } from '../../../lib/notify';
import { useOfferTypeLabel } from '../../courses';
import type { Institution } from '../../institutions';
import { exportOffers, isNoOffers, type OfferList, useCompareOffers, useOffers } from '../api';
import { CompareInstitutions } from '../components/CompareInstitutions';
import { OfferCards, type OfferSortField, OffersTable } from '../components/OffersTable';

const SORT_LABEL = {
  title: 'offers.table.title',
  status: 'offers.table.status',
  endsOn: 'offers.table.endsOn',
} as const satisfies Record<OfferSortField, string>;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Filters, sort and page live in the URL, so back and reload keep them. */
function useListState() {
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

/** /offers: the chosen institution's offers (staff may compare several institutions). */
export default function OffersPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const canCompare = can(capabilities, 'compareOffers');
  const s = useListState();
  const compare = canCompare && s.compare;
  const [search, setSearch] = useState(s.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Institution[]>(() => (institution ? [institution] : []));
  const [exporting, setExporting] = useState(false);
  const offerType = useOfferTypeLabel();

  // the typed search reaches the URL (and the server) once typing pauses
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced !== s.q) s.update({ q: debounced });
  }, [debounced]);

  const filters = {
    status: s.status,
    offerType: s.offerType,
    q: s.q,
    sort: s.sort,
    order: s.order,
  };
  const orgId = institution?.orgId ?? null;
  const single = useOffers(
    { ...filters, organizationId: orgId ?? 0, expiring: s.expiring ? 'true' : undefined, page: s.page },
    !compare && orgId !== null,
  );
  const chosenIds = chosen.map((i) => i.orgId);
  const several = useCompareOffers(
    { ...filters, organizationIds: chosenIds, expiring: s.expiring, page: s.page },
    compare && chosenIds.length > 0,
  );
  const list = compare ? several : single;
  const data: OfferList | undefined = list.data;
  const noOffers = !compare && single.isError && isNoOffers(single.error);
  const pages = data ? Math.max(1, Math.ceil(data.total / PRODUCT_OFFERS_PER_PAGE)) : 1;
  const exportIds = compare ? chosenIds : orgId ? [orgId] : [];

  const download = async () => {
    setExporting(true);
    try {
      await exportOffers(exportIds, { ...filters, expiring: s.expiring ? 'true' : undefined });
    } catch (e) {
      notifyError(errorText(e));
    } finally {
      setExporting(false);
    }
  };

  const title = t('pages.offers.title');
  if (!institution && !compare) {
    return (
      <Page title={title} description={t('pages.offers.description')}>
        <Alert color="blue">{t('offers.noInstitution')}</Alert>
      </Page>
    );
  }

  const caption = compare
    ? t('offers.table.captionCompare', { count: chosen.length })
    : t('offers.table.caption', { institution: institution?.displayName.toUpperCase() ?? '' });

  return (
    <Page
      title={title}
      description={t('pages.offers.description')}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
          loading={exporting}
          disabled={!data || data.total === 0 || exportIds.length === 0}
          data-testid="offers-export"
        >
          {t('offers.export')}
        </Button>
      }
    >
      {canCompare && (
        <SegmentedControl
          value={compare ? 'compare' : 'one'}
          onChange={(v) => s.update({ view: v === 'compare' ? 'compare' : null })}
          data={[
            { value: 'one', label: t('offers.mode.one') },
            { value: 'compare', label: t('offers.mode.compare') },
          ]}
          w="fit-content"
          maw="100%"
          styles={{ label: { whiteSpace: 'normal' } }}
          aria-label={t('offers.mode.label')}
          data-testid="offers-mode"
        />
      )}
      {compare && <CompareInstitutions value={chosen} onChange={setChosen} />}
      {!noOffers && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('offers.filters.search')}
            placeholder={t('offers.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
            data-testid="offers-search"
          />
          <Select
            label={t('offers.filters.status')}
            data={[
              { value: 'all', label: t('offers.filters.allStatuses') },
              ...OFFER_STATUS_DISPLAYS.map((v) => ({ value: v, label: t(`status.offerStatus.${v}`) })),
            ]}
            value={s.status ?? 'all'}
            onChange={(v) => s.update({ status: v === 'all' ? null : v })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
            data-testid="offers-status"
          />
          <Select
            label={t('offers.filters.offerType')}
            data={[
              { value: 'all', label: t('offers.filters.allTypes') },
              ...(data?.offerTypes ?? []).map((v) => ({ value: v, label: offerType(v) })),
            ]}
            value={s.offerType ?? 'all'}
            onChange={(v) => s.update({ type: v === 'all' ? null : v })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            data-testid="offers-type"
          />
          <Chip
            checked={s.expiring}
            onChange={(on) => s.update({ expiring: on ? '1' : null })}
            color="orange"
            variant="outline"
            mb={4}
            data-testid="offers-expiring"
          >
            {t('offers.filters.expiring', { days: OFFER_EXPIRING_DAYS, count: data?.expiringCount ?? 0 })}
          </Chip>
        </Group>
      )}
      {noOffers ? (
        <EmptyState
          icon={<IconFileOff aria-hidden="true" />}
          withIndicatorBackground
          title={t('offers.empty.title')}
          description={t('offers.empty.description')}
          py="xl"
          data-testid="offers-empty"
        />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorText(list.error)}
        </Alert>
      ) : compare && chosen.length === 0 ? (
        <Text c="dimmed" data-testid="compare-none">
          {t('offers.compare.none')}
        </Text>
      ) : (
        <Stack gap="md" pos="relative">
          <LoadingOverlay
            visible={list.isFetching && !list.isPending}
            zIndex={5}
            overlayProps={{ blur: 1 }}
          />
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
                  s.update(
                    { sort: field, order: field === s.sort && s.order === 'asc' ? 'desc' : null },
                    false,
                  )
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
      )}
    </Page>
  );
}
