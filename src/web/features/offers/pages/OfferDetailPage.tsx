import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OFFER_EXPIRING_DAYS } from '../../../../shared/contract/offers';
import { formatUsDate } from '../../../../shared/validation';
import { DetailField, DetailSection } from '../../../components/DetailSection';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useOfferTypeLabel } from '../../courses';
import { useOffer } from '../api';
import { ExpiresSoonBadge, OfferStatusBadge } from '../components/OfferBadges';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/offers"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      w="fit-content"
      px={0}
    >
      {t('offers.detail.back')}
    </Button>
  );
}

const ID = /^\d{1,10}$/;

/** /offers/:id: one offer, its product, the sections and LMS pairings using it. */
export default function OfferDetailPage() {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  const { id = '' } = useParams();
  const offerId = ID.test(id) && Number(id) > 0 ? Number(id) : null;
  const query = useOffer(offerId);
  const data = query.data;

  // unknown, foreign (403) or malformed id: a calm not-found state
  const notFound =
    offerId === null ||
    (query.isError && isApiError(query.error) && [403, 404, 422].includes(query.error.status));
  if (notFound) {
    return (
      <Page title={t('pages.offerDetail.title')}>
        <BackLink />
        <EmptyState
          icon={<IconFileOff aria-hidden="true" />}
          withIndicatorBackground
          title={t('offers.detail.notFound')}
          description={t('offers.detail.notFoundHint')}
          py="xl"
          data-testid="offer-not-found"
        />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={t('pages.offerDetail.title')}>
        <BackLink />
        <Alert color="red" role="alert">
          {errorText(query.error)}
        </Alert>
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title={t('pages.offerDetail.title')}>
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      </Page>
    );
  }

  const { offer, product, sections, pairings } = data;
  return (
    <Page title={offer.title} description={t('pages.offerDetail.description')}>
      <BackLink />
      {offer.expiresSoon && (
        <Alert color="orange" variant="light" data-testid="offer-expiring-note">
          {t('offers.detail.expiringNote', { date: formatUsDate(offer.endsOn), days: OFFER_EXPIRING_DAYS })}
        </Alert>
      )}
      <Card withBorder padding="lg" data-testid="offer-fields">
        <DetailSection cols={{ base: 1, xs: 2, md: 4 }} verticalSpacing="md">
          <DetailField label={t('offers.table.institution')}>{offer.institutionName}</DetailField>
          <DetailField label={t('offers.table.isbn')}>{offer.isbnFormatted}</DetailField>
          <DetailField label={t('offers.table.offerType')}>{offerType(offer.offerType)}</DetailField>
          <DetailField label={t('offers.table.status')}>
            <Group gap="xs" component="span">
              <OfferStatusBadge status={offer.statusDisplay} />
              {offer.expiresSoon && <ExpiresSoonBadge />}
            </Group>
          </DetailField>
          <DetailField label={t('offers.table.startsOn')}>{formatUsDate(offer.startsOn) || '—'}</DetailField>
          <DetailField label={t('offers.table.endsOn')}>{formatUsDate(offer.endsOn) || '—'}</DetailField>
          <DetailField label={t('offers.table.inclusive')}>
            {offer.inclusive ? t('offers.yes') : t('offers.no')}
          </DetailField>
          <DetailField label={t('offers.detail.storedStatus')}>
            <Text span size="sm" ff="monospace">
              {offer.offerStatus}
            </Text>
          </DetailField>
        </DetailSection>
      </Card>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('offers.detail.product')}
        </Title>
        <Group gap="md" wrap="wrap">
          <Anchor
            component={Link}
            to={`/institution/productDetail/${encodeURIComponent(product.urn)}/${offer.organizationId}`}
            fw={500}
            data-testid="offer-product-link"
          >
            {product.productName}
          </Anchor>
          <Text size="sm" c="dimmed">
            {product.isbnFormatted}
          </Text>
          {product.status !== 'active' && (
            <Badge color="gray" variant="light" tt="none">
              {t('offers.detail.productRetired')}
            </Badge>
          )}
        </Group>
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('offers.detail.sections', { count: sections.length })}
        </Title>
        {sections.length === 0 ? (
          <Text c="dimmed">{t('offers.detail.noSections')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" data-testid="offer-sections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('offers.detail.courseName')}</Table.Th>
                  <Table.Th>{t('offers.detail.sectionCode')}</Table.Th>
                  <Table.Th>{t('offers.detail.startDate')}</Table.Th>
                  <Table.Th>{t('offers.detail.endDate')}</Table.Th>
                  <Table.Th>{t('offers.detail.censusDate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sections.map((s) => (
                  <Table.Tr key={s.sectionId} data-testid="offer-section">
                    <Table.Td>
                      <Anchor component={Link} to={`/institution/courseDetail/${s.sectionId}`}>
                        {s.courseName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.sectionCode ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(s.startDate)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(s.endDate)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <span style={{ whiteSpace: 'nowrap' }}>
                          {s.censusDate ? formatUsDate(s.censusDate) : t('status.billing.censusNotSet')}
                        </span>
                        {s.offerEndsBeforeCensus && (
                          <Badge
                            color="orange"
                            variant="light"
                            tt="none"
                            style={{ minWidth: 'max-content' }}
                            styles={{ label: { color: 'var(--mantine-color-text)' } }}
                          >
                            {t('offers.detail.endsBeforeCensus')}
                          </Badge>
                        )}
                      </Group>
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
          {t('offers.detail.pairings', { count: pairings.length })}
        </Title>
        {pairings.length === 0 ? (
          <Text c="dimmed">{t('offers.detail.noPairings')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" data-testid="offer-pairings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('offers.detail.lmsCourseName')}</Table.Th>
                  <Table.Th>{t('offers.detail.lmsCourseId')}</Table.Th>
                  <Table.Th>{t('offers.detail.lms')}</Table.Th>
                  <Table.Th>{t('offers.detail.section')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pairings.map((p) => (
                  <Table.Tr key={p.pairingId}>
                    <Table.Td>{p.lmsCourseName ?? '—'}</Table.Td>
                    <Table.Td>{p.lmsCourseId}</Table.Td>
                    <Table.Td>{p.lmsKind ?? '—'}</Table.Td>
                    <Table.Td>
                      {p.sectionId ? (
                        <Anchor component={Link} to={`/institution/courseDetail/${p.sectionId}`}>
                          {t('offers.detail.openSection')}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Page>
  );
}
