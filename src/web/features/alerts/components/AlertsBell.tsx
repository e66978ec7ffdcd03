import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countAlerts, useAlerts } from '../api';
import { AlertsPopup } from './AlertsPopup';

interface Props {
  organizationId: number | null;
  /** CAN_ACCESS_ADMIN_DASHBOARD in the chosen institution (`RULES.viewAlerts`). */
  allowed: boolean;
  helpUrl?: string;
}

/** The notification bell; the unread count shows only above 0 and only with dashboard access. */
export function AlertsBell({ organizationId, allowed, helpUrl }: Props) {
  const { t } = useTranslation();
  const alerts = useAlerts(organizationId, allowed);
  const count = allowed ? countAlerts(alerts.data) : 0;
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      withinPortal
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <ActionIcon
          onClick={() => setOpened((o) => !o)}
          variant="subtle"
          color="dark"
          size="lg"
          aria-label={count > 0 ? t('header.alertsUnread', { count }) : t('header.alerts')}
          data-testid="alerts-bell"
        >
          <Indicator
            label={count > 99 ? '99+' : count}
            size={18}
            disabled={count === 0}
            color="red.8"
            offset={2}
            aria-hidden="true"
            data-testid="alerts-count"
          >
            <IconBell size={20} aria-hidden="true" />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('alerts.title')}>
        <AlertsPopup
          organizationId={organizationId ?? 0}
          data={allowed ? alerts.data : null}
          helpUrl={helpUrl}
          onNavigate={() => setOpened(false)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
