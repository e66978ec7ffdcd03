import { createHash, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../shared/session-cookies';
import type { Config } from '../../config';
import { AppError } from '../app-error';

/**
 * The browser's session: an HttpOnly cookie holding the session token (shared by every tab), and
 * beside it a readable CSRF cookie the SPA echoes in the X-CSRF-Token header on unsafe requests.
 * The CSRF value is derived from the session token, so a cookie planted by another site (or a
 * sibling subdomain) without the token cannot match it.
 */

/** The CSRF value of a session: not secret from the page, unguessable without the session token. */
export const csrfTokenOf = (sessionToken: string) =>
  createHash('sha256').update(`csrf\0${sessionToken}`).digest('base64url');

/** A cookie of the request, as @fastify/cookie parsed it (an empty value counts as none). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  return req.cookies[name] || undefined;
}

/** Secure only when the app is reached over https (PUBLIC_URL), so a local http run still signs in. */
const secure = (config: Config) => config.publicUrl.startsWith('https:');

function setCookies(reply: FastifyReply, config: Config, sessionToken: string, maxAge: number) {
  const base: CookieSerializeOptions = { path: '/', sameSite: 'lax', secure: secure(config), maxAge };
  reply.setCookie(SESSION_COOKIE, sessionToken, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, sessionToken && csrfTokenOf(sessionToken), base);
}

/** Sets both cookies for a new session; they last as long as a session may (SESSION_MAX_HOURS). */
export function setSessionCookies(reply: FastifyReply, config: Config, sessionToken: string) {
  setCookies(reply, config, sessionToken, config.sessionMaxHours * 3600);
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  setCookies(reply, config, '', 0);
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Refuses a cookie-authenticated unsafe request that did not come from the app's own pages: its
 * Origin (or, without one, its Referer) must be PUBLIC_URL's origin or the request's own host, and
 * its X-CSRF-Token header must be the session's CSRF value.
 */
export function assertSameSiteRequest(req: FastifyRequest, config: Config, sessionToken: string) {
  const origin = req.headers.origin ?? (req.headers.referer ? originOf(req.headers.referer) : undefined);
  const allowed = [originOf(config.publicUrl), `${req.protocol}://${req.host}`];
  if (!origin || !allowed.includes(origin)) {
    throw new AppError(
      'error.crossSiteRequest',
      "This request did not come from the app's own pages and was refused.",
    );
  }
  const sent = req.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(
      'error.csrfTokenMissing',
      'This request lacks the security token of your session. Reload the page and try again.',
    );
  }
}
