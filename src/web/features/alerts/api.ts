import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type AcknowledgeAlertsBody, type AlertsResponse, alertsApi } from '../../../shared/contract/alerts';
import { call, isApiError } from '../../lib/api';

export type Alerts = z.infer<typeof AlertsResponse>;
type AlertBuckets = Partial<Alerts>;

/** The viewer's time zone: today / yesterday / older follow their calendar (ARCHITECTURE §4). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const alertKeys = {
  all: ['alerts'] as const,
  list: (organizationId: number) => ['alerts', 'list', organizationId] as const,
};

/**
 * The bell count: every copy status and section alert across today, yesterday and older (spec §9).
 * Same rule as `countAlerts` of the contract, kept here so the shell does not load zod at runtime.
 */
export function countAlerts(data: AlertBuckets | undefined | null): number {
  if (!data) return 0;
  return (['today', 'yesterday', 'older'] as const).reduce(
    (n, k) => n + (data[k]?.courseCopyStatuses?.length ?? 0) + (data[k]?.sections?.length ?? 0),
    0,
  );
}

/** Alerts of one institution; a 404 (the service is not there yet) counts as none. */
export function useAlerts(organizationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.list(organizationId ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await call(alertsApi.list, {
          signal,
          query: { organizationId: organizationId as number, tz: viewerTimeZone() },
        });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
    enabled: enabled && organizationId !== null,
    staleTime: 4_000,
    // new alerts (a copy that finished) reach the bell within seconds, without a reload
    refetchInterval: ALERTS_POLL_MS,
  });
}

/** How often the bell asks for alerts. */
export const ALERTS_POLL_MS = 5_000;

/** POST alert/alerts/acknowledge: the alerts leave the list (and the count) at once; the server confirms. */
export function useAcknowledgeAlerts(organizationId: number) {
  const client = useQueryClient();
  const key = alertKeys.list(organizationId);
  return useMutation({
    mutationFn: (body: AcknowledgeAlertsBody) =>
      call(alertsApi.acknowledge, {
        query: { organizationId },
        body,
      }),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<Alerts | null>(key);
      if (previous) client.setQueryData<Alerts>(key, withoutAlerts(previous, body));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The alerts minus the acknowledged ones. */
export function withoutAlerts(data: Alerts, { ids, sectionIds }: AcknowledgeAlertsBody): Alerts {
  const strip = (b: Alerts['today']) => ({
    courseCopyStatuses: b.courseCopyStatuses.filter((c) => !ids.includes(c.id)),
    sections: b.sections.filter((s) => !sectionIds.includes(s.id)),
  });
  return { today: strip(data.today), yesterday: strip(data.yesterday), older: strip(data.older) };
}
