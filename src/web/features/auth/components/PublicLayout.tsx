import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFooter } from './AppFooter';
import { LanguageSelect } from '../../../components/LanguageSelect';

/**
 * The frame of the pages outside the signed-in shell (login, account setup): a header with the
 * product name and the language choice, one centred card in the main landmark, the footer.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <header
        style={{
          background: 'var(--mantine-color-white)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Group justify="space-between" px="lg" py="sm">
          <Text fw={700} size="lg" c="blue.9">
            {t('app.name')}
          </Text>
          <LanguageSelect />
        </Group>
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" radius="md">
          {children}
        </Paper>
      </main>
      <AppFooter />
    </div>
  );
}
