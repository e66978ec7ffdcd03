import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import type { RecycleEntry } from '../api';
import { KindBadge } from './KindBadge';
import { RestoreButton, type RestoreProps } from './RestoreButton';

/** The removed entries as cards, on narrow screens. */
export function RemovedCards({ entries, ...restore }: RestoreProps & { entries: RecycleEntry[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm" data-testid="bin-cards">
      {entries.map((e) => (
        <Card key={e.id} withBorder padding="sm" data-testid="bin-card" data-entity={e.entityId}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {e.name}
            </Text>
            <KindBadge kind={e.kind} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {t('recycleBin.removedLine', {
              who: e.removedByName ?? t('recycleBin.unknownUser'),
              date: formatUsDate(e.removedAt),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('recycleBin.columns.purgeAt')}: {formatUsDate(e.purgeAt)}
          </Text>
          <Group mt="xs">
            <RestoreButton entry={e} {...restore} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
