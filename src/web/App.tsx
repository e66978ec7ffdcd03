import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { cssVariablesResolver, localizedTheme } from './app/theme';
import { queryClient } from './lib/queryClient';
import { router } from './router';

export function App() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  return (
    // every theme variable from here (not only those that differ from Mantine's defaults), so the
    // page needs no default-css-variables.css download (src/web/main.tsx)
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
