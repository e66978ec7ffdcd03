import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatUsDate } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useErrorText } from '../../../lib/error-text';
import { useOfferTypeLabel } from '../../courses';
import { useProductDetail } from '../api';
import { OfferStatusBadge } from '../components/badges';
import { PairingTable } from '../components/PairingTable';

/** /institution/productDetail/:urn/:id: a product at one institution: fields, offers, pairings, sections. */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const offerType = useOfferTypeLabel();
  const { urn = '', id = '' } = useParams();
  const institutionId = /^\d+$/.test(id) ? Number(id) : 0;
  const q = useProductDetail(institutionId, urn);
  const d = q.data;
  /** A product code (platform, type, status) as words; an unknown code as it is. */
  const codeText = (group: 'platform' | 'productType' | 'status', code: string) =>
    t(`products.codes.${group}.${code}` as 'products.codes.status.active', { defaultValue: code });

  const empty = (key: 'products.noOffers' | 'products.noPairings' | 'products.detail.noSections') => (
    <Text size="sm" c="dimmed">
      {t(key)}
    </Text>
  );

  return (
    <Page
      title={d ? d.product.productName : t('pages.productDetail.title')}
      description={t('pages.productDetail.description')}
    >
      {q.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : q.isError || !d ? (
        <Alert color="red" data-testid="product-detail-error">
          {errorText(q.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md" data-testid="product-fields">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {(
                [
                  ['products.detail.institution', d.institution.displayName],
                  ['products.detail.isbn', d.product.isbn],
                  ['products.detail.urn', d.product.urn],
                  ['products.columns.channelPartner', d.product.channelPartner?.name ?? '—'],
                  ['products.detail.platform', codeText('platform', d.product.platform)],
                  ['products.detail.type', codeText('productType', d.product.productType)],
                  ['products.detail.status', codeText('status', d.product.status)],
                ] as const
              ).map(([k, v]) => (
                <div key={k}>
                  <Text size="xs" c="dimmed">
                    {t(k)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {v}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('products.detail.offers')}
            </Title>
            {d.offers.length === 0 ? (
              empty('products.noOffers')
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table withTableBorder fz="sm" data-testid="detail-offers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('products.detail.offerTitle')}</Table.Th>
                      <Table.Th>{t('products.detail.offerType')}</Table.Th>
                      <Table.Th>{t('products.filters.offerStatus')}</Table.Th>
                      <Table.Th>{t('products.detail.period')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.offers.map((o) => (
                      <Table.Tr key={o.offerId}>
                        <Table.Td>{o.title}</Table.Td>
                        <Table.Td>{offerType(o.offerType)}</Table.Td>
                        <Table.Td>
                          <OfferStatusBadge status={o.statusDisplay} />
                        </Table.Td>
                        <Table.Td>
                          {formatUsDate(o.startsOn)} – {formatUsDate(o.endsOn)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('products.detail.pairings')}
            </Title>
            {d.pairings.length === 0 ? (
              empty('products.noPairings')
            ) : (
              <PairingTable pairings={d.pairings} mode="census" canEdit={d.canEdit} />
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('products.detail.sections')}
            </Title>
            {d.sections.length === 0 ? (
              empty('products.detail.noSections')
            ) : (
              <Table.ScrollContainer minWidth={500}>
                <Table withTableBorder fz="sm" data-testid="detail-sections">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('products.detail.course')}</Table.Th>
                      <Table.Th>{t('products.detail.sectionCode')}</Table.Th>
                      <Table.Th>{t('products.columns.courseDates')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.sections.map((s) => (
                      <Table.Tr key={s.sectionId}>
                        <Table.Td>
                          <Anchor component={Link} to={`/institution/courseDetail/${s.sectionId}`} size="sm">
                            {s.courseName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{s.sectionCode ?? '—'}</Table.Td>
                        <Table.Td>
                          {formatUsDate(s.startDate)} – {formatUsDate(s.endDate)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
