import { Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { OptWindowSchema } from '../../../../shared/contract/inclusive-access';
import { formatUsDate } from '../../../../shared/validation';

/** The course's opt model, census date, days left and whether opt statuses are locked. */
export function OptWindowBar({ window: w }: { window: z.infer<typeof OptWindowSchema> }) {
  const { t } = useTranslation();
  return (
    <Group gap="md" mb="sm" data-testid="opt-window" data-locked={w.locked}>
      <Text size="sm">
        <Text span fw={600}>
          {t('inclusiveAccess.window.model')}:
        </Text>{' '}
        {t(`inclusiveAccess.model.${w.optModel}`)}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          {t('inclusiveAccess.window.census')}:
        </Text>{' '}
        {w.censusDate ? formatUsDate(w.censusDate) : t('inclusiveAccess.window.notSet')}
      </Text>
      {w.daysLeft !== null && !w.locked && (
        <Text size="sm" data-testid="opt-days-left">
          {t('inclusiveAccess.window.daysLeft', { count: w.daysLeft })}
        </Text>
      )}
      {w.censusDate && (
        <Group gap={4} data-testid="opt-lock">
          {w.locked ? (
            <IconLock size={14} aria-hidden="true" />
          ) : (
            <IconLockOpen size={14} aria-hidden="true" />
          )}
          <Text size="sm" fw={600}>
            {w.locked ? t('inclusiveAccess.window.locked') : t('inclusiveAccess.window.open')}
          </Text>
        </Group>
      )}
    </Group>
  );
}
