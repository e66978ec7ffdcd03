import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A route module (lazy chunk) that failed to download; anything else is a rendering error. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Failed to fetch|catalog \w+: HTTP/i.test(
    message,
  );
}

/** Route errorElement: a failed lazy load offers a retry (and leaves no loader running, spec §8). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  const text = isChunkLoadError(error) ? t('errors.routeLoad') : t('errors.unexpected');
  return (
    <Center mih="40vh" p="md">
      <Stack align="center" maw={520}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} role="alert" w="100%">
          {text}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}
