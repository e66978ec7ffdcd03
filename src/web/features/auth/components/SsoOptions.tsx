import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSsoProviders } from '../api';

const rule = { flex: 1, borderTop: '1px solid var(--mantine-color-gray-4)' };

/** "Sign in with <name>" for each configured OpenID Connect provider; nothing when there is none. */
export function SsoOptions({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const providers = useSsoProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <Stack gap="sm" mt="md" aria-label={t('login.ssoProviders')} role="group">
      {/* drawn here: Divider's styles are not in the login page's style sheet */}
      <Group gap="sm" wrap="nowrap">
        <Box style={rule} />
        <Text size="sm">{t('login.ssoDivider')}</Text>
        <Box style={rule} />
      </Group>
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
