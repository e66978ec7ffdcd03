import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /ltiIntegrations: LTI 1.3 integrations. */
export default function LtiIntegrationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.lti.title')} description={t('pages.lti.description')}>
      <ComingSoon />
    </Page>
  );
}
