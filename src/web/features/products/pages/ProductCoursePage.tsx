import { useTranslation } from 'react-i18next';
import { ComingSoon, Page } from '../../../app/page';

/** /products/pairing/:pairingId: one LMS course pairing. */
export default function ProductCoursePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.productCourse.title')} description={t('pages.productCourse.description')}>
      <ComingSoon />
    </Page>
  );
}
