import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROOT_REDIRECT_MS } from '../../../shared/constants';
import { FullPageLoader } from '../FullPageLoader';
import { useDocumentTitle } from '../../lib/documentTitle';

/** `/`: opens /institution after 1.5 s (spec §2). */
export default function RootRedirectPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('tabs.courses'));
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/institution', { replace: true }), ROOT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <FullPageLoader label={t('pages.root.redirecting')} />;
}
