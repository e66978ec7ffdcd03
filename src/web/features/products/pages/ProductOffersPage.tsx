import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /products/productOffers: offers of the selected products. */
export default function ProductOffersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.productOffers.title')} description={t('pages.productOffers.description')}>
      <ComingSoon />
    </Page>
  );
}
