import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLink, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isbnSearchDigits, OFFER_STATUS_FILTERS } from '../../../../shared/contract/products';
import { Page } from '../../../components/Page';
import { DateField } from '../../../lib/dates';
import { useAppSession } from '../../../session';
import { useChannelPartners, useOrganizations, useProductList } from '../api';
import { OrganizationProducts } from '../components/OrganizationProducts';
import { dateRangeError, type ProductFilters, useProductFilters } from '../filters';

/** /products index: products and offers by organisation or institution, pairings, durations, export. */
export default function ProductsIndexPage() {
  const { t } = useTranslation();
  const { institution } = useAppSession();
  const { filters, update } = useProductFilters();
  const orgs = useOrganizations();
  const partners = useChannelPartners();
  const [isbn, setIsbn] = useState(filters.isbn);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);

  // Default selection: the organisation of the chosen institution.
  useEffect(() => {
    if (filters.orgs.length || !orgs.data) return;
    const home = orgs.data.organizations.find(
      (o) => institution && o.institutionIds.includes(institution.orgId),
    );
    const first = home ?? orgs.data.organizations[0];
    if (first) update({ orgs: [first.id] });
  }, [filters.orgs.length, orgs.data, institution, update]);

  // The ISBN box filters after a short pause in typing.
  useEffect(() => {
    if (isbn === filters.isbn) return;
    const id = setTimeout(() => update({ isbn }), 400);
    return () => clearTimeout(id);
  }, [isbn, filters.isbn, update]);

  // The course dates reach the URL together after a short pause, so a date being typed is never rewritten.
  useEffect(() => {
    if (from === filters.from && to === filters.to) return;
    const id = setTimeout(() => update({ from, to }), 400);
    return () => clearTimeout(id);
  }, [from, to, filters.from, filters.to, update]);

  // Product choices: the products of the first selected organisation.
  const firstOrg = filters.orgs[0] ?? 0;
  const choices = useProductList(firstOrg, { pageSize: 100 }, firstOrg > 0);
  const productOptions = (choices.data?.productViews ?? []).map((p) => ({
    value: String(p.productId),
    label: `${p.productName} (${p.isbn})`,
  }));
  if (filters.productId && !productOptions.some((o) => o.value === String(filters.productId)))
    productOptions.push({ value: String(filters.productId), label: `#${filters.productId}` });

  const rangeError = dateRangeError(filters);

  return (
    <Page
      title={t('pages.products.title')}
      description={t('pages.products.description')}
      actions={
        <Button component={Link} to="/products/pair" leftSection={<IconLink size={16} aria-hidden="true" />}>
          {t('products.actions.pair')}
        </Button>
      }
    >
      <Paper withBorder p="md" component="section" aria-label={t('products.filters.title')}>
        <Stack gap="sm">
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
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <MultiSelect
              label={t('products.filters.organizations')}
              data={(orgs.data?.organizations ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
              value={filters.orgs.map(String)}
              onChange={(v) => update({ orgs: v.map(Number) })}
              searchable
              data-testid="org-select"
            />
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
            <TextInput
              label={t('products.filters.isbn')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={isbn}
              onChange={(e) => setIsbn(e.currentTarget.value)}
              error={isbnSearchDigits(isbn) === null ? t('products.filters.isbnDigits') : undefined}
              data-testid="isbn-search"
            />
          </SimpleGrid>
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
        </Stack>
      </Paper>

      {orgs.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : filters.orgs.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="choose-organization">
          {t('products.chooseOrganization')}
        </Text>
      ) : (
        filters.orgs.map((orgId) => (
          <OrganizationProducts
            key={orgId}
            orgId={orgId}
            name={orgs.data?.organizations.find((o) => o.id === orgId)?.name}
            filters={filters}
            enabled
            onPage={(page) => update({ pages: { ...filters.pages, [orgId]: page } })}
          />
        ))
      )}
    </Page>
  );
}
