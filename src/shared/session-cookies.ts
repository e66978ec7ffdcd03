/** The browser session's cookies and header, shared by the server and the SPA. */
/** HttpOnly: the session token. */
export const SESSION_COOKIE = 'cwa_session';
/** Readable by the page: the CSRF value the SPA echoes in CSRF_HEADER on unsafe requests. */
export const CSRF_COOKIE = 'cwa_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The BroadcastChannel on which tabs tell each other about sign-in and sign-out. */
export const SESSION_CHANNEL = 'cwa.session';
