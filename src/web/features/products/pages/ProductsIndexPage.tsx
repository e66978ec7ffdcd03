import { Button, Center, Loader, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useOrganizations } from '../api';
import { OrganizationProducts } from '../components/OrganizationProducts';
import { ProductFiltersPanel } from '../components/ProductFiltersPanel';
import { type ProductFilters, useProductFilters } from '../filters';

/** /products index: products and offers by organisation or institution, pairings, durations, export. */
export default function ProductsIndexPage() {
  const { t } = useTranslation();
  const { filters, update } = useProductFilters();
  const orgs = useOrganizations();
  const organizations = orgs.data?.organizations;
  useDefaultOrganization(filters, update, organizations);

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
      <ProductFiltersPanel filters={filters} update={update} organizations={organizations ?? []} />

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
            name={organizations?.find((o) => o.id === orgId)?.name}
            filters={filters}
            enabled
            onPage={(page) => update({ pages: { ...filters.pages, [orgId]: page } })}
          />
        ))
      )}
    </Page>
  );
}

/** Default selection: the organisation of the chosen institution. */
function useDefaultOrganization(
  filters: ProductFilters,
  update: (change: Partial<ProductFilters>) => void,
  organizations: { id: number; institutionIds: number[] }[] | undefined,
) {
  const { institution } = useAppSession();
  useEffect(() => {
    if (filters.orgs.length || !organizations) return;
    const home = organizations.find((o) => institution && o.institutionIds.includes(institution.orgId));
    const first = home ?? organizations[0];
    if (first) update({ orgs: [first.id] });
  }, [filters.orgs.length, organizations, institution, update]);
}
