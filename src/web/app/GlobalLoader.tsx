import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

const SHOW_AFTER_MS = 120;

/** A bar across the top while any request or route load is in flight (spec §2 global loader). */
export function GlobalLoader() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    document.body.setAttribute('aria-busy', String(busy));
  }, [busy]);

  if (!shown) return null;
  return (
    <div
      className="global-loader"
      role="progressbar"
      aria-label={t('app.loading')}
      data-testid="global-loader"
    />
  );
}
