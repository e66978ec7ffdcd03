import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /offers/:id: one offer. */
export default function OfferDetailPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.offerDetail.title')} description={t('pages.offerDetail.description')}>
      <ComingSoon />
    </Page>
  );
}
