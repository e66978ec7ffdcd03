import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Readiness } from '../../../../shared/contract/products';
import type { OfferStatusDisplay } from '../../../../shared/status';

const STATUS_COLOR: Record<OfferStatusDisplay, string> = {
  active: 'teal.9',
  inactive: 'gray.7',
  expired: 'red.9',
  pending: 'violet.9',
};

/** Offer status as spec §4 shows it (offerStatusDisplay on the server). */
export function OfferStatusBadge({ status }: { status: OfferStatusDisplay }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="outline"
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`status.offerStatus.${status}`)}
    </Badge>
  );
}

/** Ready, or the first problem found with the pairing. */
export function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation();
  const ready = readiness === 'ready';
  return (
    <Group gap={4} wrap="nowrap" data-testid="readiness" data-readiness={readiness}>
      {ready ? (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden="true" />
      ) : (
        <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden="true" />
      )}
      <Text size="sm" fw={600} c={ready ? 'teal.9' : 'red.9'}>
        {t(`products.readiness.${readiness}`)}
      </Text>
    </Group>
  );
}
