import { Button, Divider, Stack } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSsoProviders } from '../api';

/** "Sign in with <name>" for each configured OpenID Connect provider; nothing when there is none. */
export function SsoOptions({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const providers = useSsoProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <Stack gap="sm" mt="md" aria-label={t('login.ssoProviders')} role="group">
      <Divider label={t('login.ssoDivider')} labelPosition="center" />
      {providers.map((p) => (
        <Button
          key={p.id}
          component="a"
          href={`/api/auth/sso/${encodeURIComponent(p.id)}/start${query}`}
          variant="default"
          fullWidth
          leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
          data-testid={`sso-${p.id}`}
        >
          {t('login.ssoButton', { name: p.name })}
        </Button>
      ))}
    </Stack>
  );
}
