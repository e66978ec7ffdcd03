import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type CopyStatus,
  isCopyErrorStatus,
  RETRYABLE_COPY_STATUSES,
} from '../../../../shared/contract/course-copy';
import { notifyErrorText } from '../../../lib/notify';
import { readLocal, writeLocal } from '../../../lib/storage';
import { useAcknowledgeAlerts } from '../../alerts';
import { type CopyRequest, useCopyRequests, useRetryCopies } from '../api';
import { useCopyTexts } from '../texts';

const DISMISSED_KEY = 'cwa.copyDismissed';

function readDismissed(): string[] {
  try {
    const v = JSON.parse(readLocal(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The caller's copy requests of the last 24 hours that need attention: an info alert while courses
 * are being copied, an error alert naming the failed courses with their reasons and a Retry
 * (spec §4, §8). Polls every 5 s while a request is unfinished. `onFinished` runs when a request
 * finishes, so the page showing the panel can reload its course lists (this feature does not know them).
 */
export function CopyStatusPanel({
  organizationId,
  onFinished,
}: {
  organizationId: number;
  onFinished?: () => void;
}) {
  const requests = useCopyRequests(organizationId);
  useWhenFinished(requests.data?.requests, onFinished);
  const acknowledge = useAcknowledgeAlerts(organizationId);
  const [dismissed, setDismissed] = useState(readDismissed);
  // closing a finished request acknowledges its courses' alerts (the bell's same information):
  // the server then leaves the request out, on this browser and every other
  const dismiss = (request: CopyRequest) => {
    const next = [...dismissed, request.trackingId].slice(-50);
    writeLocal(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
    const ids = request.statuses.map((s) => s.id);
    if (ids.length > 0) acknowledge.mutate({ ids, sectionIds: [] });
  };
  const shown = (requests.data?.requests ?? []).filter(
    (r) =>
      !dismissed.includes(r.trackingId) && (!r.finished || r.statuses.some((s) => s.status !== 'succeeded')),
  );
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="copy-status-panel">
      {shown.map((r) => (
        <RequestAlert key={r.trackingId} request={r} organizationId={organizationId} onDismiss={dismiss} />
      ))}
    </Stack>
  );
}

/** Calls `onFinished` when a request that was running is finished (once per poll that sees it). */
function useWhenFinished(requests: CopyRequest[] | undefined, onFinished: (() => void) | undefined) {
  const running = useRef(new Set<string>());
  const callback = useRef(onFinished);
  callback.current = onFinished;
  useEffect(() => {
    if (!requests) return;
    const finishedNow = requests.some((r) => r.finished && running.current.has(r.trackingId));
    running.current = new Set(requests.filter((r) => !r.finished).map((r) => r.trackingId));
    if (finishedNow) callback.current?.();
  }, [requests]);
}

function RequestAlert({
  request,
  organizationId,
  onDismiss,
}: {
  request: CopyRequest;
  organizationId: number;
  onDismiss: (request: CopyRequest) => void;
}) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  const retry = useRetryCopies();
  const failed = request.statuses.filter((s) => isCopyErrorStatus(s.status as CopyStatus));
  const retryable = request.statuses.filter((s) => RETRYABLE_COPY_STATUSES.includes(s.status as CopyStatus));
  const done = request.statuses.filter((s) =>
    ['succeeded', 'notapplicable', 'FailedPermanently'].includes(s.status),
  );
  const error = failed.length > 0;
  const title = error
    ? t('courseCopy.panel.failedFor', { names: failed.map((s) => s.courseName).join(', ') })
    : request.finished
      ? t('courseCopy.panel.finished')
      : t(request.kind === 'child' ? 'courseCopy.panel.childProgress' : 'courseCopy.panel.progress', {
          done: done.length,
          total: request.statuses.length,
        });

  return (
    <Alert
      color={error ? 'red' : 'blue'}
      icon={error ? <IconAlertCircle aria-hidden="true" /> : <IconInfoCircle aria-hidden="true" />}
      title={title}
      role={error ? 'alert' : 'status'}
      withCloseButton={request.finished}
      closeButtonLabel={t('courseCopy.panel.dismiss')}
      onClose={() => onDismiss(request)}
      data-testid="copy-status"
      data-tracking-id={request.trackingId}
    >
      <List size="sm" spacing={4}>
        {request.statuses.slice(0, 20).map((s) => (
          <List.Item key={s.id}>
            <Group gap="xs" wrap="wrap">
              {s.sectionId ? (
                <Anchor component={Link} to={`/institution/courseDetail/${s.sectionId}`} size="sm">
                  {s.courseName}
                </Anchor>
              ) : (
                <Text size="sm">{s.courseName}</Text>
              )}
              <Badge
                size="sm"
                variant="light"
                color={isCopyErrorStatus(s.status as CopyStatus) ? 'red' : 'blue'}
              >
                {texts.status(s.status as CopyStatus)}
              </Badge>
              {texts.reason(s) && (
                <Text size="xs" c="dimmed">
                  {texts.reason(s)}
                </Text>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
      {request.statuses.length > 20 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('courseCopy.panel.more', { count: request.statuses.length - 20 })}
        </Text>
      )}
      {retryable.length > 0 && (
        <Button
          mt="sm"
          size="compact-sm"
          color="red"
          variant="light"
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(
              { organizationId, ids: retryable.map((s) => s.id) },
              { onError: () => notifyErrorText(texts.failed(retryable.length)) },
            )
          }
          data-testid="copy-retry"
        >
          {t('courseCopy.panel.retry', { count: retryable.length })}
        </Button>
      )}
    </Alert>
  );
}
