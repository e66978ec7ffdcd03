import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { OFFER_SORT_FIELDS, OffersQuery } from '../../../../shared/contract/offers';
import { formatUsDate } from '../../../../shared/validation';
import { useOfferTypeLabel } from '../../courses';
import type { OfferRow } from '../api';
import { ExpiresSoonBadge, OfferStatusBadge } from './OfferBadges';
import { SortHeader } from '../../../components/SortHeader';

export type OfferSortField = (typeof OFFER_SORT_FIELDS)[number];

interface Props {
  offers: OfferRow[];
  /** Several institutions: an institution column first. */
  showInstitution: boolean;
  sort: OfferSortField;
  order: z.infer<typeof OffersQuery>['order'];
  onSort: (field: OfferSortField) => void;
  caption: string;
}

/** Offers, 10 a page: ISBN, title, type, status, dates, inclusive flag, sections and pairings. */
export function OffersTable(p: Props) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  const sortProps = {
    sort: p.sort,
    order: p.order,
    onSort: p.onSort,
    sortByKey: 'offers.table.sortBy' as const,
    nowrap: true,
  };
  return (
    <Table.ScrollContainer minWidth={p.showInstitution ? 1180 : 1000}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="offer-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{p.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {p.showInstitution && <Table.Th>{t('offers.table.institution')}</Table.Th>}
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('offers.table.isbn')}</Table.Th>
            <SortHeader field="title" label={t('offers.table.title')} {...sortProps} />
            <Table.Th>{t('offers.table.offerType')}</Table.Th>
            <SortHeader field="status" label={t('offers.table.status')} {...sortProps} />
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('offers.table.startsOn')}</Table.Th>
            <SortHeader field="endsOn" label={t('offers.table.endsOn')} {...sortProps} />
            <Table.Th>{t('offers.table.inclusive')}</Table.Th>
            <Table.Th ta="right">{t('offers.table.sections')}</Table.Th>
            <Table.Th ta="right">{t('offers.table.pairings')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.offers.map((o) => (
            <Table.Tr key={o.offerId} data-testid="offer-row" data-offer-id={o.offerId}>
              {p.showInstitution && <Table.Td>{o.institutionName}</Table.Td>}
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {o.isbnFormatted}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/offers/${o.offerId}`} fw={500} data-testid="offer-link">
                  {o.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{offerType(o.offerType)}</Table.Td>
              <Table.Td>
                <OfferStatusBadge status={o.statusDisplay} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(o.startsOn) || '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={4} align="flex-start">
                  <span>{formatUsDate(o.endsOn) || '—'}</span>
                  {o.expiresSoon && <ExpiresSoonBadge />}
                </Stack>
              </Table.Td>
              <Table.Td>{o.inclusive ? t('offers.yes') : t('offers.no')}</Table.Td>
              <Table.Td ta="right">{o.sectionCount}</Table.Td>
              <Table.Td ta="right">{o.pairingCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same offers as cards, for narrow screens (390 px): title first, then the facts. */
export function OfferCards({ offers, showInstitution }: Pick<Props, 'offers' | 'showInstitution'>) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  return (
    <Stack gap="sm" data-testid="offer-cards">
      {offers.map((o) => (
        <Card key={o.offerId} withBorder padding="sm" data-testid="offer-card">
          <Stack gap={6}>
            <Anchor component={Link} to={`/offers/${o.offerId}`} fw={600}>
              {o.title}
            </Anchor>
            {showInstitution && (
              <Text size="sm" c="dimmed">
                {o.institutionName}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              <OfferStatusBadge status={o.statusDisplay} />
              {o.expiresSoon && <ExpiresSoonBadge />}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              <Text size="xs" c="dimmed">
                {t('offers.table.isbn')}
              </Text>
              <Text size="sm">{o.isbnFormatted}</Text>
              <Text size="xs" c="dimmed">
                {t('offers.table.offerType')}
              </Text>
              <Text size="sm">{offerType(o.offerType)}</Text>
              <Text size="xs" c="dimmed">
                {t('offers.table.startsOn')} – {t('offers.table.endsOn')}
              </Text>
              <Text size="sm">
                {formatUsDate(o.startsOn) || '—'} – {formatUsDate(o.endsOn) || '—'}
              </Text>
              <Text size="xs" c="dimmed">
                {t('offers.table.inclusive')}
              </Text>
              <Text size="sm">{o.inclusive ? t('offers.yes') : t('offers.no')}</Text>
              <Text size="xs" c="dimmed">
                {t('offers.table.sections')} / {t('offers.table.pairings')}
              </Text>
              <Text size="sm">
                {o.sectionCount} / {o.pairingCount}
              </Text>
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
