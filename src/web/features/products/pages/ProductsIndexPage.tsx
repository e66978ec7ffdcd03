import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /products index: products by organization or institution. */
export default function ProductsIndexPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.products.title')} description={t('pages.products.description')}>
      <ComingSoon />
    </Page>
  );
}
