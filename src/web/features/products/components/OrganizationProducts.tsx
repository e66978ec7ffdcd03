import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/Pager';
import { useOfferTypeLabel } from '../../courses';
import { useErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { exportOrganization, type ProductViewT, useProductList } from '../api';
import { listQuery, type ProductFilters } from '../filters';
import { OfferStatusBadge } from './badges';
import { PairingTable } from './PairingTable';

/** One product row, its offers, and with the pairing view on its pairings underneath. */
function ProductRow({
  product,
  filters,
  canEdit,
  colSpan,
}: {
  product: ProductViewT;
  filters: ProductFilters;
  canEdit: boolean;
  colSpan: number;
}) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  return (
    <>
      <Table.Tr data-testid="product-row">
        <Table.Td>
          <Text fw={600} size="sm">
            {product.productName}
          </Text>
          <Text size="xs" c="dimmed">
            {product.isbn}
          </Text>
        </Table.Td>
        <Table.Td>{product.channelPartner?.name ?? '—'}</Table.Td>
        <Table.Td>
          {product.offers.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('products.noOffers')}
            </Text>
          ) : (
            <Stack gap={4}>
              {product.offers.map((o) => (
                <Group key={o.offerId} gap="xs" wrap="nowrap">
                  <OfferStatusBadge status={o.statusDisplay} />
                  <Anchor
                    component={Link}
                    to={`/institution/productDetail/${encodeURIComponent(product.urn)}/${o.institutionId}`}
                    size="sm"
                  >
                    {o.institutionName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {offerType(o.offerType)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Table.Td>
        <Table.Td ta="right">{product.pairingCount}</Table.Td>
      </Table.Tr>
      {filters.pairing && (
        <Table.Tr>
          <Table.Td colSpan={colSpan}>
            {product.pairings.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-pairings">
                {t('products.noPairings')}
              </Text>
            ) : (
              <Stack gap={4}>
                <PairingTable pairings={product.pairings} mode={filters.mode} canEdit={canEdit} />
                {product.pairingCount > product.pairings.length && (
                  <Text size="xs" c="dimmed">
                    {t('products.morePairings', {
                      shown: product.pairings.length,
                      count: product.pairingCount,
                    })}
                  </Text>
                )}
              </Stack>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** One organisation's products (organization view) or institutions with their products (institution view). */
export function OrganizationProducts({
  orgId,
  name,
  filters,
  onPage,
  enabled,
}: {
  orgId: number;
  /** The organisation's name, known before its list answers (or when it fails). */
  name?: string;
  filters: ProductFilters;
  onPage: (page: number) => void;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useProductList(orgId, listQuery(filters, orgId), enabled);
  const [exporting, setExporting] = useState(false);
  const data = list.data;
  const canEdit = data?.canEdit ?? false;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const colSpan = 4;

  const download = async () => {
    setExporting(true);
    try {
      const name = await exportOrganization(orgId, {
        channelPartner: filters.channelPartner,
        productId: filters.productId,
      });
      notifySuccess(t('products.messages.exported', { file: name }));
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  const header = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('products.columns.product')}</Table.Th>
        <Table.Th>{t('products.columns.channelPartner')}</Table.Th>
        <Table.Th>{t('products.columns.offers')}</Table.Th>
        <Table.Th ta="right">{t('products.columns.pairings')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );

  return (
    <Paper withBorder p="md" data-testid="organization-products">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {data?.organization.name ?? name ?? t('products.organization', { id: orgId })}
          </Title>
          {canEdit && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={download}
              loading={exporting}
              data-testid="export-organization"
            >
              {t('products.actions.export')}
            </Button>
          )}
        </Group>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : list.isError ? (
          <Alert color="red">{errorText(list.error)}</Alert>
        ) : data!.total === 0 ? (
          <Text c="dimmed" py="md" ta="center" data-testid="products-empty">
            {t('products.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="products-count">
              {t(filters.view === 'organization' ? 'products.countProducts' : 'products.countRows', {
                count: data!.total,
              })}
            </Text>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" data-testid="products-table">
                {header}
                <Table.Tbody>
                  {filters.view === 'organization'
                    ? data!.productViews.map((p) => (
                        <ProductRow
                          key={p.productId}
                          product={p}
                          filters={filters}
                          canEdit={canEdit}
                          colSpan={colSpan}
                        />
                      ))
                    : data!.institutionViews.map((inst) => (
                        <Fragment key={inst.institutionId}>
                          <Table.Tr data-testid="institution-row">
                            <Table.Th colSpan={colSpan} scope="colgroup" bg="var(--mantine-color-gray-1)">
                              {inst.institutionName}
                            </Table.Th>
                          </Table.Tr>
                          {inst.products.map((p) => (
                            <ProductRow
                              key={`${inst.institutionId}-${p.productId}`}
                              product={p}
                              filters={filters}
                              canEdit={canEdit}
                              colSpan={colSpan}
                            />
                          ))}
                        </Fragment>
                      ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Pager
                total={pages}
                value={data!.page}
                onChange={onPage}
                data-testid={`products-pager-${orgId}`}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
