import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loginPath, safeNext } from '../lib/api';
import { forgetUserData, onSessionMessage, SESSION_QUERY_KEY } from '../lib/session-broadcast';

/**
 * Keeps this tab in step with the others (one session cookie for all): a sign-out elsewhere sends a
 * signed-in tab to the login page; a sign-in elsewhere takes a login page on to its destination, and
 * reloads a signed-in tab (the cookie now names the new session).
 */
export function useSessionSync() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionMessage((message) => {
        const signedInHere = queryClient.getQueryData(SESSION_QUERY_KEY) !== undefined;
        const { pathname, search } = window.location;
        if (message.type === 'signedOut') {
          // a full load drops every cached answer of the ended session
          if (signedInHere) window.location.replace(loginPath(pathname + search));
        } else if (pathname === '/login') {
          forgetUserData(queryClient);
          const next = safeNext(new URLSearchParams(search).get('next'));
          void navigate(next ?? '/institution', { replace: true });
        } else if (signedInHere) {
          window.location.reload();
        }
      }),
    [navigate, queryClient],
  );
}
