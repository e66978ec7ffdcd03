import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /offers: offers of the chosen institution. */
export default function OffersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.offers.title')} description={t('pages.offers.description')}>
      <ComingSoon />
    </Page>
  );
}
