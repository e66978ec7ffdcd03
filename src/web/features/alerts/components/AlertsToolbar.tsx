import { Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALERT_FILTERS, type AlertFilter } from './entries';

interface Props {
  filter: AlertFilter;
  onFilter: (filter: AlertFilter) => void;
  onMarkAllRead: () => void;
  /** Nothing of the chosen type is left to mark. */
  nothing: boolean;
}

/** The type filter and "mark all as read" above the alert groups. */
export function AlertsToolbar({ filter, onFilter, onMarkAllRead, nothing }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
      <NativeSelect
        label={t('alerts.filter.label')}
        size="xs"
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value as AlertFilter)}
        data={ALERT_FILTERS.map((f) => ({ value: f, label: t(`alerts.filter.${f}`) }))}
        data-testid="alerts-filter"
      />
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={onMarkAllRead}
        disabled={nothing}
        data-testid="alerts-mark-all"
      >
        {t('alerts.markAllRead')}
      </Button>
    </Group>
  );
}
