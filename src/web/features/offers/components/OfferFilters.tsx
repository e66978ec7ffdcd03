import { Chip, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OFFER_EXPIRING_DAYS } from '../../../../shared/contract/offers';
import { OFFER_STATUS_DISPLAYS } from '../../../../shared/status';
import { useOfferTypeLabel } from '../../courses';
import type { OfferList } from '../api';
import type { ListState } from '../list-state';

interface OfferFiltersProps {
  s: ListState;
  /** The search box's text as typed (it reaches the address once typing pauses). */
  search: string;
  onSearch: (text: string) => void;
  /** The current answer: its offer types and count of offers expiring soon. */
  data: OfferList | undefined;
}

/** The offers list's filters: text search, status, offer type and the "expiring soon" chip. */
export function OfferFilters({ s, search, onSearch, data }: OfferFiltersProps) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('offers.filters.search')}
        placeholder={t('offers.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
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
  );
}
