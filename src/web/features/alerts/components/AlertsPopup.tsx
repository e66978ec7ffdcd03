import { Anchor, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Alerts, countAlerts } from '../api';
import { AlertsGroup } from './AlertsGroup';
import { AlertsToolbar } from './AlertsToolbar';
import { type AlertGroup, useAlertsPopup } from './useAlertsPopup';

interface Props {
  organizationId: number;
  data: Alerts | null | undefined;
  helpUrl?: string;
  /** Called when an entry's title opens a course (the bell closes its popover). */
  onNavigate?: () => void;
}

/**
 * The alerts popup (spec §2): "Alerts" with a help link; Today, Yesterday and Older groups, newest
 * first; a close icon per entry (the row slides out, then the acknowledgement is sent); titles open
 * the course. 20 entries per scroll step; the older group starts limited (spec §9).
 */
export function AlertsPopup({ organizationId, data, helpUrl, onNavigate }: Props) {
  const { t } = useTranslation();
  const popup = useAlertsPopup(organizationId, data);
  const nothing = popup.total + popup.hiddenOlder === 0;
  return (
    <Stack gap="xs" data-testid="alerts-popup">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('alerts.title')}
        </Title>
        {helpUrl && (
          <Anchor
            href={helpUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="alerts-help"
          >
            {t('alerts.help')}
          </Anchor>
        )}
      </Group>
      {countAlerts(data) > 0 && (
        <AlertsToolbar
          filter={popup.filter}
          onFilter={popup.setFilter}
          onMarkAllRead={popup.markAllRead}
          nothing={nothing}
        />
      )}
      {countAlerts(data) === 0 ? (
        <Text size="sm" c="dimmed" data-testid="alerts-empty">
          {t('alerts.empty')}
        </Text>
      ) : nothing ? (
        <Text size="sm" c="dimmed" data-testid="alerts-filter-empty">
          {t('alerts.filterEmpty')}
        </Text>
      ) : (
        <AlertsList popup={popup} onNavigate={onNavigate} />
      )}
    </Stack>
  );
}

/** The groups within the scroll budget, and "show older" while the older group is limited. */
function AlertsList({
  popup,
  onNavigate,
}: {
  popup: ReturnType<typeof useAlertsPopup>;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars onBottomReached={popup.showMore}>
      <Stack gap="sm">
        {withinBudget(popup.groups, popup.visible).map(({ group, shown }) => (
          <AlertsGroup
            key={group.name}
            name={group.name}
            shown={shown}
            leaving={popup.leaving}
            onClose={popup.close}
            onNavigate={onNavigate}
          />
        ))}
        {popup.hiddenOlder > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={popup.showAllOlder} data-testid="alerts-older">
            {t('alerts.showOlder', { count: popup.hiddenOlder })}
          </Button>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The non-empty groups, each with its entries that fit in what is left of the scroll budget. */
function withinBudget(groups: AlertGroup[], visible: number) {
  let budget = visible;
  return groups
    .filter((g) => g.entries.length > 0 || g.hidden > 0)
    .map((group) => {
      const shown = group.entries.slice(0, Math.max(0, budget));
      budget -= shown.length;
      return { group, shown };
    });
}
