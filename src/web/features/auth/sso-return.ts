import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SSO_FAILURES, type SsoFailure } from '../../../shared/errors';
import { useSsoExchange } from './api';

/** The reason a provider sign-in came back without a session (`/login?sso=<reason>`), if any. */
export function ssoFailure(params: URLSearchParams): SsoFailure | null {
  const reason = params.get('sso');
  return (SSO_FAILURES as readonly string[]).includes(reason ?? '') ? (reason as SsoFailure) : null;
}

/**
 * Back from a provider (`/login#sso=<one-time code>`): the code leaves the address bar at once and
 * is exchanged for this tab's session; `onSignedIn` gets where the sign-in was started for.
 */
export function useSsoReturn(onSignedIn: (next: string | null) => void) {
  const { hash } = useLocation();
  const exchange = useSsoExchange();
  const code = /^#sso=([A-Za-z0-9_-]{1,200})$/.exec(hash)?.[1] ?? null;
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true; // once: the code is single use (StrictMode runs effects twice)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    exchange.mutate(code, { onSuccess: (res) => onSignedIn(res.next) });
  }, [code, exchange, onSignedIn]);
  return { exchanging: code !== null && !exchange.isError, error: exchange.error };
}
