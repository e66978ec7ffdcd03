import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../api';

/** Footer: Terms of Use and Privacy Policy (and the console link) for this environment. */
export function AppFooter({ showConsole = false }: { showConsole?: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const urls = config.data?.urls;
  return (
    <footer
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-white)' }}
    >
      <Group justify="space-between" px="lg" py="sm">
        <Text size="sm" c="dimmed">
          {t('app.name')}
        </Text>
        <Group gap="lg" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <li>
            <Anchor size="sm" href={urls?.terms} target="_blank" rel="noopener noreferrer">
              {t('footer.terms')}
            </Anchor>
          </li>
          <li>
            <Anchor size="sm" href={urls?.privacy} target="_blank" rel="noopener noreferrer">
              {t('footer.privacy')}
            </Anchor>
          </li>
          {showConsole && (
            <li>
              <Anchor size="sm" href={urls?.console} target="_blank" rel="noopener noreferrer">
                {t('footer.console')}
              </Anchor>
            </li>
          )}
        </Group>
      </Group>
    </footer>
  );
}
