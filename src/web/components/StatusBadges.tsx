import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CourseType } from '../../shared/contract/course-list';
import {
  accessDisplay,
  type BillingStatus,
  currentAccessKey,
  OFFER_TYPES,
  type OfferType,
  type OptStatus,
  PROVIDER_NAME,
} from '../../shared/status';

const ACCESS_COLOR = { paid: 'green', trial: 'yellow', expired: 'gray' } as const;

/** Spec §4 access display: Paid, 14 day trial or Expired. */
export function AccessBadge({ access }: { access: { type: string; endsAt: string | null } }) {
  const { t } = useTranslation();
  const key = accessDisplay(access);
  if (!key) return <Text size="sm">{access.type}</Text>;
  return (
    <Badge color={ACCESS_COLOR[key]} variant="light" tt="none" data-access={key}>
      {t(`status.access.${key}`)}
    </Badge>
  );
}

/** Not_Paid, Institution_Paid, the provider-paid value, or NA. */
export function CurrentAccessText({ value }: { value: string | null }) {
  const { t } = useTranslation();
  const key = currentAccessKey(value);
  return (
    <Text size="sm" data-current-access={value ?? ''}>
      {key ? t(`status.currentAccess.${key}`, { provider: PROVIDER_NAME }) : value}
    </Text>
  );
}

export function OptStatusBadge({ value }: { value: OptStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={value === 'optout' ? 'red' : 'teal'} variant="outline" tt="none" data-opt={value}>
      {t(`status.opt.${value}`)}
    </Badge>
  );
}

const TYPE_COLOR = { parent: 'violet', child: 'blue', standalone: 'gray' } as const;
export function CourseTypeBadge({ type }: { type: z.infer<typeof CourseType> }) {
  const { t } = useTranslation();
  return (
    <Badge color={TYPE_COLOR[type]} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`status.courseType.${type}`)}
    </Badge>
  );
}

const BILLING_COLOR: Record<BillingStatus, string> = {
  billed: 'green',
  pendingCensus: 'yellow',
  censusNotSet: 'orange',
  studentPaid: 'gray',
};
export function BillingBadge({ status }: { status: BillingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={BILLING_COLOR[status]} variant="dot" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`status.billing.${status}`)}
    </Badge>
  );
}

const isOfferType = (v: string): v is OfferType => (OFFER_TYPES as readonly string[]).includes(v);
/** The access type of a course (the offer type of its product's offer). */
export function useOfferTypeLabel() {
  const { t } = useTranslation();
  return (value: string | null) =>
    value === null ? t('status.offerType.none') : isOfferType(value) ? t(`status.offerType.${value}`) : value;
}
