import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /institution/productDetail/:urn/:id: one product of the chosen institution. */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.productDetail.title')} description={t('pages.productDetail.description')}>
      <ComingSoon />
    </Page>
  );
}
