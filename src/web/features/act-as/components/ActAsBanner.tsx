import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../shared/dates';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { useStopActAs } from '../api';

/**
 * The persistent banner of an act-as session: whom one acts as, in which institution,
 * read-only or not, until when, and Stop. At the expiry the page reloads as the real user.
 */
export function ActAsBanner() {
  const { t, i18n } = useTranslation();
  const { session } = useAppSession();
  const stop = useStopActAs();
  const errorText = useErrorText();
  const acting = session.actAs;

  useEffect(() => {
    if (!acting) return;
    const left = Date.parse(acting.expiresAt) - Date.now();
    const timer = window.setTimeout(() => window.location.assign('/institution'), Math.max(left, 0) + 1000);
    return () => window.clearTimeout(timer);
  }, [acting]);

  if (!acting) return null;
  const until = formatTime(acting.expiresAt, i18n.language);
  return (
    <section
      aria-label={t('actAs.bannerLabel')}
      data-testid="act-as-banner"
      style={{
        background: 'var(--mantine-color-orange-1)',
        borderBottom: '2px solid var(--mantine-color-orange-6)',
        padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-lg)',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {acting.allowWrites ? (
              <IconPencil size={18} aria-hidden style={{ flexShrink: 0 }} />
            ) : (
              <IconEye size={18} aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Text fw={700} size="sm">
              {t('actAs.banner', { name: acting.displayName, institution: acting.institutionName })}
            </Text>
          </Group>
          <Text size="sm">
            {acting.allowWrites ? t('actAs.writesAllowed') : t('actAs.readOnly')} ·{' '}
            {t('actAs.until', { time: until })}
          </Text>
          {stop.isError && (
            <Text size="sm" c="red.9" role="alert">
              {errorText(stop.error)}
            </Text>
          )}
        </Group>
        <Button
          size="compact-sm"
          color="dark"
          onClick={() => stop.mutate()}
          loading={stop.isPending}
          data-testid="act-as-stop"
        >
          {t('actAs.stop')}
        </Button>
      </Group>
    </section>
  );
}
