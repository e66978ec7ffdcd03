import { Badge } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OFFER_EXPIRING_DAYS } from '../../../../shared/contract/offers';
import type { OfferStatusDisplay } from '../../../../shared/status';

const STATUS_COLOR: Record<OfferStatusDisplay, string> = {
  active: 'green',
  pending: 'yellow',
  expired: 'gray',
  inactive: 'red',
};

/** Offer status as shown (spec §4, mapped once in src/shared/status.ts), as a coloured badge. */
export function OfferStatusBadge({ status }: { status: OfferStatusDisplay }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="dot"
      size="md"
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-offer-status={status}
    >
      {t(`status.offerStatus.${status}`)}
    </Badge>
  );
}

/** The offer ends within OFFER_EXPIRING_DAYS days. */
export function ExpiresSoonBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="orange"
      variant="light"
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      tt="none"
      leftSection={<IconClockExclamation size={12} aria-hidden="true" />}
      style={{ minWidth: 'max-content' }}
      title={t('offers.expiresSoonHint', { days: OFFER_EXPIRING_DAYS })}
      data-testid="expires-soon"
    >
      {t('offers.expiresSoon')}
    </Badge>
  );
}
