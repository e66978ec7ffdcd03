import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title: "<page> · Courseware Admin". */
export function useDocumentTitle(page: string) {
  const { t } = useTranslation();
  const title = t('app.pageTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
