import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * The cookie that ties a provider sign-in to the browser that started it (login CSRF): set by the
 * start route, required by the callback and the code exchange, which live under the same path.
 */
const NAME = 'cwa_sso';
const PATH = '/api/auth/sso';

export function readBrowserCookie(req: FastifyRequest): string | undefined {
  return req.cookies[NAME];
}

export function setBrowserCookie(reply: FastifyReply, config: Config, value: string) {
  const secure = config.publicUrl.startsWith('https:');
  reply.setCookie(NAME, value, { path: PATH, maxAge: 600, httpOnly: true, sameSite: 'lax', secure });
}
