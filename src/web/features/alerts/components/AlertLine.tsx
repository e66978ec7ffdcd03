import { ActionIcon, Anchor, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERT_TYPES, type AlertBucketName } from '../../../../shared/contract/alerts';
import { formatTime } from '../../../../shared/dates';
import { formatUsDate } from '../../../../shared/validation';
import classes from './AlertsPopup.module.css';
import type { AlertEntry } from './entries';

interface Props {
  entry: AlertEntry;
  bucket: AlertBucketName;
  onNavigate?: () => void;
}

/** The icon of an entry: success or failure for a copy, people for low enrollment, info otherwise. */
function alertIcon(entry: AlertEntry): ReactNode {
  if (entry.kind === 'copy') {
    return entry.status === 'succeeded' ? (
      <IconCircleCheck size={18} aria-hidden="true" color="var(--mantine-color-green-8)" />
    ) : (
      <IconCircleX size={18} aria-hidden="true" color="var(--mantine-color-red-8)" />
    );
  }
  if (entry.alertType === ALERT_TYPES.lowEnrollment) {
    return <IconUsers size={18} aria-hidden="true" color="var(--mantine-color-orange-8)" />;
  }
  return <IconInfoCircle size={18} aria-hidden="true" color="var(--mantine-color-blue-7)" />;
}

/** The sentence of an entry, the course name a link to the course. */
function AlertText({ entry, link }: { entry: AlertEntry; link: ReactElement }) {
  const { t } = useTranslation();
  if (entry.kind === 'copy') {
    return (
      <Trans
        i18nKey={entry.status === 'succeeded' ? 'alerts.copySucceeded' : 'alerts.copyFailed'}
        values={{ name: entry.name }}
        components={{ course: link }}
      />
    );
  }
  if (entry.alertType !== ALERT_TYPES.lowEnrollment) {
    return (
      <Trans
        i18nKey="alerts.readyForEnrollment"
        values={{ name: entry.name }}
        components={{ course: link }}
      />
    );
  }
  return (
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
}

/** One alert: its icon, its sentence and when it happened (time today/yesterday, date when older). */
export function AlertLine({ entry, bucket, onNavigate }: Props) {
  const { i18n } = useTranslation();
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
  return (
    <div className={classes.line}>
      <span className={classes.icon}>{alertIcon(entry)}</span>
      <div>
        <Text size="sm" component="div" data-testid="alert-text">
          <AlertText entry={entry} link={link} />
        </Text>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </div>
    </div>
  );
}
