import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';

/** /unauthorizedUser: where users without dashboard access in their only institution land (spec §6). */
export default function UnauthorizedUserPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.unauthorized.title')}>
      <EmptyState
        icon={<IconLock aria-hidden="true" />}
        withIndicatorBackground
        description={t('pages.unauthorized.description')}
        py="xl"
        data-testid="unauthorized"
      />
    </Page>
  );
}
