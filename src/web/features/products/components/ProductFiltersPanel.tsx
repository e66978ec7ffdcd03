import {
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isbnSearchDigits, OFFER_STATUS_FILTERS } from '../../../../shared/contract/products';
import { DateField } from '../../../lib/dates';
import { useChannelPartners, useProductList } from '../api';
import { dateRangeError, type ProductFilters } from '../filters';

interface FilterProps {
  filters: ProductFilters;
  update: (change: Partial<ProductFilters>) => void;
}

interface PanelProps extends FilterProps {
  organizations: { id: number; name: string }[];
}

/** The filters of the /products list: views, organisations, product, status, partner, ISBN, course dates. */
export function ProductFiltersPanel({ filters, update, organizations }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('products.filters.title')}>
      <Stack gap="sm">
        <ViewSwitches filters={filters} update={update} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <MultiSelect
            label={t('products.filters.organizations')}
            data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
            value={filters.orgs.map(String)}
            onChange={(v) => update({ orgs: v.map(Number) })}
            searchable
            data-testid="org-select"
          />
          <ProductSelect filters={filters} update={update} />
          <StatusAndPartnerSelects filters={filters} update={update} />
          <IsbnSearch filters={filters} update={update} />
        </SimpleGrid>
        <CourseDates filters={filters} update={update} />
      </Stack>
    </Paper>
  );
}

/** Organisation or institution view, the pairing switch and the census / free-access mode. */
function ViewSwitches({ filters, update }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap">
      <SegmentedControl
        value={filters.view}
        onChange={(v) => update({ view: v as ProductFilters['view'] })}
        data={[
          { value: 'organization', label: t('products.view.organization') },
          { value: 'institution', label: t('products.view.institution') },
        ]}
        aria-label={t('products.view.label')}
        data-testid="view-switch"
      />
      <Switch
        label={t('products.filters.pairing')}
        checked={filters.pairing}
        onChange={(e) => update({ pairing: e.currentTarget.checked })}
        data-testid="pairing-switch"
      />
      <SegmentedControl
        value={filters.mode}
        onChange={(v) => update({ mode: v as 'census' | 'freeAccess' })}
        data={[
          { value: 'census', label: t('products.mode.census') },
          { value: 'freeAccess', label: t('products.mode.freeAccess') },
        ]}
        aria-label={t('products.mode.label')}
        data-testid="mode-switch"
      />
    </Group>
  );
}

/** Product choices: the products of the first selected organisation. */
function ProductSelect({ filters, update }: FilterProps) {
  const { t } = useTranslation();
  const firstOrg = filters.orgs[0] ?? 0;
  const choices = useProductList(firstOrg, { pageSize: 100 }, firstOrg > 0);
  const productOptions = (choices.data?.productViews ?? []).map((p) => ({
    value: String(p.productId),
    label: `${p.productName} (${p.isbn})`,
  }));
  if (filters.productId && !productOptions.some((o) => o.value === String(filters.productId)))
    productOptions.push({ value: String(filters.productId), label: `#${filters.productId}` });
  return (
    <Select
      label={t('products.filters.product')}
      data={productOptions}
      value={filters.productId ? String(filters.productId) : null}
      onChange={(v) => update({ productId: v ? Number(v) : undefined })}
      placeholder={t('products.filters.allProducts')}
      searchable
      clearable
      data-testid="product-select"
    />
  );
}

function StatusAndPartnerSelects({ filters, update }: FilterProps) {
  const { t } = useTranslation();
  const partners = useChannelPartners();
  return (
    <>
      <Select
        label={t('products.filters.offerStatus')}
        data={OFFER_STATUS_FILTERS.map((s) => ({ value: s, label: t(`status.offerStatus.${s}`) }))}
        value={filters.offerStatus ?? null}
        onChange={(v) => update({ offerStatus: (v as typeof filters.offerStatus) ?? undefined })}
        placeholder={t('products.filters.allStatuses')}
        clearable
        data-testid="status-select"
      />
      <Select
        label={t('products.filters.channelPartner')}
        data={(partners.data?.channelPartners ?? []).map((p) => ({
          value: String(p.id),
          label: p.name,
        }))}
        value={filters.channelPartner ? String(filters.channelPartner) : null}
        onChange={(v) => update({ channelPartner: v ? Number(v) : undefined })}
        placeholder={t('products.filters.allPartners')}
        clearable
        data-testid="partner-select"
      />
    </>
  );
}

/** The ISBN box filters after a short pause in typing. */
function IsbnSearch({ filters, update }: FilterProps) {
  const { t } = useTranslation();
  const [isbn, setIsbn] = useState(filters.isbn);
  useEffect(() => {
    if (isbn === filters.isbn) return;
    const id = setTimeout(() => update({ isbn }), 400);
    return () => clearTimeout(id);
  }, [isbn, filters.isbn, update]);
  return (
    <TextInput
      label={t('products.filters.isbn')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={isbn}
      onChange={(e) => setIsbn(e.currentTarget.value)}
      error={isbnSearchDigits(isbn) === null ? t('products.filters.isbnDigits') : undefined}
      data-testid="isbn-search"
    />
  );
}

/** The course-date flag and its range. */
function CourseDates({ filters, update }: FilterProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  // The course dates reach the URL together after a short pause, so a date being typed is never rewritten.
  useEffect(() => {
    if (from === filters.from && to === filters.to) return;
    const id = setTimeout(() => update({ from, to }), 400);
    return () => clearTimeout(id);
  }, [from, to, filters.from, filters.to, update]);
  const rangeError = dateRangeError(filters);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Checkbox
        label={t('products.filters.courseDates')}
        checked={filters.dateFlag}
        onChange={(e) => update({ dateFlag: e.currentTarget.checked })}
        data-testid="date-flag"
        mb={8}
      />
      {filters.dateFlag && (
        <>
          <DateField
            label={t('products.filters.from')}
            value={from}
            onChange={setFrom}
            data-testid="date-from"
          />
          <DateField
            label={t('products.filters.to')}
            value={to}
            onChange={setTo}
            error={rangeError && rangeError !== 'required' ? t(`validation.${rangeError}`) : undefined}
            data-testid="date-to"
          />
        </>
      )}
    </Group>
  );
}
