import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BillingSchema } from '../../../../shared/contract/inclusive-access';

/** Billable or not at census, with the reason in words. */
export function BillingText({ billing }: { billing: z.infer<typeof BillingSchema> }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-billable={billing.billable} data-reason={billing.reason}>
      {t(`inclusiveAccess.reason.${billing.reason}`)}
    </Text>
  );
}
