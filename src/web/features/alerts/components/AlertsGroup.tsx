import { ActionIcon, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AlertBucketName } from '../../../../shared/contract/alerts';
import { AlertLine } from './AlertLine';
import classes from './AlertsPopup.module.css';
import type { AlertEntry } from './entries';

interface Props {
  name: AlertBucketName;
  /** The entries of this group within the scroll budget. */
  shown: AlertEntry[];
  leaving: Set<string>;
  onClose: (entry: AlertEntry) => void;
  onNavigate?: () => void;
}

/** One group of the popup (Today, Yesterday or Older): its heading and its entries with a close icon. */
export function AlertsGroup({ name, shown, leaving, onClose, onNavigate }: Props) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`alerts-${name}`} data-testid={`alerts-group-${name}`}>
      <Text id={`alerts-${name}`} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {t(`alerts.groups.${name}`)}
      </Text>
      <ul className={classes.list}>
        {shown.map((entry) => (
          <li
            key={entry.key}
            className={leaving.has(entry.key) ? `${classes.row} ${classes.leaving}` : classes.row}
            data-testid="alert-entry"
            data-alert-kind={entry.kind}
          >
            <AlertLine entry={entry} bucket={name} onNavigate={onNavigate} />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('alerts.dismiss', { name: entry.name })}
              onClick={() => onClose(entry)}
              disabled={leaving.has(entry.key)}
              data-testid="alert-close"
            >
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          </li>
        ))}
      </ul>
    </section>
  );
}
