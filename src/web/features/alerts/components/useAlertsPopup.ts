import { useMemo, useState } from 'react';
import { ALERTS_SCROLL_COUNT } from '../../../../shared/constants';
import type { AlertBucketName } from '../../../../shared/contract/alerts';
import { type Alerts, useAcknowledgeAlerts } from '../api';
import {
  type AlertEntry,
  type AlertFilter,
  acknowledgementOf,
  entriesOf,
  limitedOlder,
  matchesFilter,
} from './entries';

/** How long a closed entry slides out before the acknowledgement is sent (spec §4). */
const SLIDE_MS = 300;

export interface AlertGroup {
  name: AlertBucketName;
  entries: AlertEntry[];
  hidden: number;
}

/** The popup's state: the type filter, the groups shown, the scroll budget and the acknowledgements. */
export function useAlertsPopup(organizationId: number, data: Alerts | null | undefined) {
  const ack = useAcknowledgeAlerts(organizationId);
  const [leaving, setLeaving] = useState<Set<string>>(new Set());
  const [visible, setVisible] = useState(ALERTS_SCROLL_COUNT);
  const [allOlder, setAllOlder] = useState(false);
  const [filter, setFilter] = useState<AlertFilter>('all');

  const groups = useMemo((): AlertGroup[] => {
    if (!data) return [];
    const of = (b: Alerts['today']) => entriesOf(b).filter((e) => matchesFilter(e, filter));
    const today = of(data.today);
    const yesterday = of(data.yesterday);
    const older = of(data.older);
    const olderShown = allOlder ? older : limitedOlder(older, today.length + yesterday.length);
    return [
      { name: 'today', entries: today, hidden: 0 },
      { name: 'yesterday', entries: yesterday, hidden: 0 },
      { name: 'older', entries: olderShown, hidden: older.length - olderShown.length },
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
  const showMore = () => setVisible((v) => (v < total ? v + ALERTS_SCROLL_COUNT : v));
  const showAllOlder = () => setAllOlder(true);

  return {
    filter,
    setFilter,
    groups,
    visible,
    total,
    hiddenOlder,
    leaving,
    close,
    markAllRead,
    showMore,
    showAllOlder,
  };
}
