import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyErrorText, notifySuccess } from '../../../lib/notify';
import { formatDateTime } from '../components/format';
import { RosterReason } from '../components/RosterSyncs';
import { useCourseRosterSync, useSyncCourseRoster } from './api';

/** A label (dimmed) and its value on one line, no punctuation to translate between them. */
function Line({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed" mr="xs">
        {label}
      </Text>
      <span data-testid={testId}>{children}</span>
    </Text>
  );
}

/**
 * The course detail's roster sync (NRPS): last roster sync, counts, last error, and "Sync roster now"
 * for users the server allows. Nothing when the course is not paired through a launch carrying NRPS.
 */
export function CourseRosterSync({ sectionId }: { sectionId: number }) {
  const { t, i18n } = useTranslation();
  const state = useCourseRosterSync(sectionId);
  const sync = useSyncCourseRoster(sectionId);
  const s = state.data?.sync;
  if (!s) return null;
  const date = (v: string | null) => (v ? formatDateTime(v, i18n.language) : t('lti.never'));
  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        r.sync?.lastError ? notifyErrorText(t('lti.roster.failed')) : notifySuccess(t('lti.roster.synced')),
      onError: notifyError,
    });
  return (
    <Card withBorder padding="md" data-testid="course-roster-sync">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('lti.roster.title')}
          </Text>
          <Line label={t('lti.roster.lastSync')} testId="course-roster-last">
            {date(s.lastSyncAt)}
          </Line>
          <Line label={t('lti.roster.counts')} testId="course-roster-counts">
            {s.counts ? t('lti.roster.countsText', s.counts) : '—'}
          </Line>
          <Line label={t('lti.roster.lastError')} testId="course-roster-error">
            {s.lastError ? (
              <>
                <RosterReason code={s.lastError} /> ({date(s.lastErrorAt)})
              </>
            ) : (
              t('lti.noError')
            )}
          </Line>
        </Stack>
        {state.data?.canSync && (
          <Button
            variant="light"
            leftSection={<IconUsersGroup size={16} aria-hidden="true" />}
            loading={sync.isPending}
            onClick={syncNow}
            data-testid="course-roster-sync-now"
          >
            {t('lti.roster.syncNow')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
