import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  NativeSelect,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle, IconUsers, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERTS_SCROLL_COUNT } from '../../../../shared/constants';
import { ALERT_TYPES, type AlertBucketName } from '../../../../shared/contract/alerts';
import { formatTime } from '../../../../shared/dates';
import { formatUsDate } from '../../../../shared/validation';
import { type Alerts, countAlerts, useAcknowledgeAlerts } from '../api';
import classes from './AlertsPopup.module.css';
import {
  ALERT_FILTERS,
  type AlertEntry,
  type AlertFilter,
  acknowledgementOf,
  entriesOf,
  limitedOlder,
  matchesFilter,
} from './entries';

/** How long a closed entry slides out before the acknowledgement is sent (spec §4). */
const SLIDE_MS = 300;

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
  const ack = useAcknowledgeAlerts(organizationId);
  const [leaving, setLeaving] = useState<Set<string>>(new Set());
  const [visible, setVisible] = useState(ALERTS_SCROLL_COUNT);
  const [allOlder, setAllOlder] = useState(false);
  const [filter, setFilter] = useState<AlertFilter>('all');

  const groups = useMemo(() => {
    if (!data) return [];
    const of = (b: Alerts['today']) => entriesOf(b).filter((e) => matchesFilter(e, filter));
    const today = of(data.today);
    const yesterday = of(data.yesterday);
    const older = of(data.older);
    const olderShown = allOlder ? older : limitedOlder(older, today.length + yesterday.length);
    return [
      { name: 'today' as AlertBucketName, entries: today, hidden: 0 },
      { name: 'yesterday' as AlertBucketName, entries: yesterday, hidden: 0 },
      { name: 'older' as AlertBucketName, entries: olderShown, hidden: older.length - olderShown.length },
    ];
  }, [data, allOlder, filter]);

  const close = (entry: AlertEntry) => {
    setLeaving((prev) => new Set(prev).add(entry.key));
    window.setTimeout(() => {
      ack.mutate(
        entry.kind === 'copy' ? { ids: [entry.id], sectionIds: [] } : { ids: [], sectionIds: [entry.id] },
      );
    }, SLIDE_MS);
  };

  let budget = visible;
  const total = groups.reduce((n, g) => n + g.entries.length, 0);
  const hiddenOlder = groups[2]?.hidden ?? 0;
  /** Every alert of the chosen type, the older ones not shown yet included. */
  const chosen = () =>
    data
      ? [...entriesOf(data.today), ...entriesOf(data.yesterday), ...entriesOf(data.older)].filter((e) =>
          matchesFilter(e, filter),
        )
      : [];
  const markAllRead = () => ack.mutate(acknowledgementOf(chosen()));

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
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <NativeSelect
            label={t('alerts.filter.label')}
            size="xs"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as AlertFilter)}
            data={ALERT_FILTERS.map((f) => ({ value: f, label: t(`alerts.filter.${f}`) }))}
            data-testid="alerts-filter"
          />
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={markAllRead}
            disabled={total + hiddenOlder === 0}
            data-testid="alerts-mark-all"
          >
            {t('alerts.markAllRead')}
          </Button>
        </Group>
      )}
      {countAlerts(data) === 0 ? (
        <Text size="sm" c="dimmed" data-testid="alerts-empty">
          {t('alerts.empty')}
        </Text>
      ) : total + hiddenOlder === 0 ? (
        <Text size="sm" c="dimmed" data-testid="alerts-filter-empty">
          {t('alerts.filterEmpty')}
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={420}
          type="auto"
          offsetScrollbars
          onBottomReached={() => setVisible((v) => (v < total ? v + ALERTS_SCROLL_COUNT : v))}
        >
          <Stack gap="sm">
            {groups.map((g) => {
              if (g.entries.length === 0 && g.hidden === 0) return null;
              const shown = g.entries.slice(0, Math.max(0, budget));
              budget -= shown.length;
              return (
                <section
                  key={g.name}
                  aria-labelledby={`alerts-${g.name}`}
                  data-testid={`alerts-group-${g.name}`}
                >
                  <Text id={`alerts-${g.name}`} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                    {t(`alerts.groups.${g.name}`)}
                  </Text>
                  <ul className={classes.list}>
                    {shown.map((entry) => (
                      <li
                        key={entry.key}
                        className={leaving.has(entry.key) ? `${classes.row} ${classes.leaving}` : classes.row}
                        data-testid="alert-entry"
                        data-alert-kind={entry.kind}
                      >
                        <AlertLine entry={entry} bucket={g.name} onNavigate={onNavigate} />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('alerts.dismiss', { name: entry.name })}
                          onClick={() => close(entry)}
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
            })}
            {hiddenOlder > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAllOlder(true)}
                data-testid="alerts-older"
              >
                {t('alerts.showOlder', { count: hiddenOlder })}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function AlertLine({
  entry,
  bucket,
  onNavigate,
}: {
  entry: AlertEntry;
  bucket: AlertBucketName;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const link = (
    <Anchor
      component={Link}
      to={`/institution/courseDetail/${entry.sectionId}`}
      onClick={onNavigate}
      fw={600}
      size="sm"
      data-testid="alert-title"
    />
  );
  const when = bucket === 'older' ? formatUsDate(entry.at) : formatTime(entry.at, i18n.language);
  let icon = <IconInfoCircle size={18} aria-hidden="true" color="var(--mantine-color-blue-7)" />;
  let text: ReactNode;
  if (entry.kind === 'copy') {
    const ok = entry.status === 'succeeded';
    icon = ok ? (
      <IconCircleCheck size={18} aria-hidden="true" color="var(--mantine-color-green-8)" />
    ) : (
      <IconCircleX size={18} aria-hidden="true" color="var(--mantine-color-red-8)" />
    );
    text = (
      <Trans
        i18nKey={ok ? 'alerts.copySucceeded' : 'alerts.copyFailed'}
        values={{ name: entry.name }}
        components={{ course: link }}
      />
    );
  } else if (entry.alertType === ALERT_TYPES.lowEnrollment) {
    icon = <IconUsers size={18} aria-hidden="true" color="var(--mantine-color-orange-8)" />;
    text = (
      <>
        <Trans i18nKey="alerts.lowEnrollment" values={{ name: entry.name }} components={{ course: link }} />{' '}
        <Tooltip label={t('alerts.lowEnrollmentTip')} multiline w={240} withinPortal={false}>
          <ActionIcon
            variant="transparent"
            color="gray"
            size="xs"
            className={classes.tip}
            aria-label={t('alerts.lowEnrollmentTip')}
            data-testid="low-enrollment-tip"
          >
            <IconInfoCircle size={14} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </>
    );
  } else {
    text = (
      <Trans
        i18nKey="alerts.readyForEnrollment"
        values={{ name: entry.name }}
        components={{ course: link }}
      />
    );
  }
  return (
    <div className={classes.line}>
      <span className={classes.icon}>{icon}</span>
      <div>
        <Text size="sm" component="div" data-testid="alert-text">
          {text}
        </Text>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </div>
    </div>
  );
}
