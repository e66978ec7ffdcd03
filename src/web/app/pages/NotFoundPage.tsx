import { Button, EmptyState } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound.title')}>
      <EmptyState
        icon={<IconMapQuestion aria-hidden="true" />}
        withIndicatorBackground
        description={t('pages.notFound.description')}
        py="xl"
        data-testid="not-found"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/institution">
            {t('pages.notFound.home')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Page>
  );
}
