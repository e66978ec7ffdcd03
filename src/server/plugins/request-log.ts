import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Query parameters that carry a one-time credential: sign-in and reset tokens, LTI launch sessions,
 * dynamic-registration links and tokens, OIDC id_token, state and code.
 */
export const CREDENTIAL_PARAMS = [
  'link',
  'registration_token',
  'id_token',
  'state',
  'code',
  'session',
  'token',
];
const CREDENTIAL_RE = new RegExp(`([?&](?:${CREDENTIAL_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** The URL as logged: every one-time credential in its query is replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_RE, '$1[redacted]');
}

/** /api and /lti calls are worth a line at info; static files, SPA pages and health checks are not. */
export function isQuietRequest(url: string): boolean {
  const path = url.split('?')[0];
  return !['/api', '/lti'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Who made the request, for its log line: the signed-in user's id and, when that user acts as
 * someone (support's act-as), the acted-as user's id. Nothing before authentication or on public calls.
 */
export function actorFields(request: FastifyRequest): { userId?: number; actingAsUserId?: number } {
  const session = request.authSession;
  if (!session) return {};
  return session.acting
    ? { userId: session.acting.realUser.id, actingAsUserId: session.user.id }
    : { userId: session.user.id };
}

/**
 * Fastify's request log lines, one per request instead of two ("incoming request" is dropped): the
 * completed request with its method, URL, status and time, at info for API calls and at debug for
 * the rest (static assets, SPA pages, /healthz, /readyz). A failed request still logs at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime, ...actorFields(request) };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log[isQuietRequest(request.url) ? 'debug' : 'info'](fields, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    const level = isQuietRequest(request.url) ? 'debug' : 'info';
    request.log[level](`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
