import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * The cookie that ties a provider sign-in to the browser that started it (login CSRF): set by the
 * start route, required by the callback and the code exchange, which live under the same path.
 */
const NAME = 'cwa_sso';
const PATH = '/api/auth/sso';

export function readBrowserCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === NAME) return rest.join('=');
  }
  return undefined;
}

export function setBrowserCookie(reply: FastifyReply, config: Config, value: string) {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header('set-cookie', `${NAME}=${value}; Path=${PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
}
