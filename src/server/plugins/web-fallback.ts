import type { FastifyInstance } from 'fastify';

/**
 * Path prefixes that are never a page of the web app: the API, LTI, the build's assets and the
 * names operators and probes try (metrics, health checks, well-known URIs). An unknown path under
 * them is a 404, never the app's HTML with a 200.
 */
export const NOT_PAGE_PREFIXES = [
  '/api',
  '/lti',
  '/assets',
  '/metrics',
  '/health',
  '/healthz',
  '/readyz',
  '/livez',
  '/.well-known',
];

/** Whether an Accept header admits text/html (no header admits anything). */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [range, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return ['text/html', 'text/*', '*/*'].includes(range) && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Whether a request no route answered is a deep link into the web app (/institution/3/courses),
 * to be answered with index.html: a GET or HEAD that accepts HTML, outside the reserved prefixes,
 * and not naming a file (a missing file stays a 404).
 */
export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0];
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (NOT_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  return acceptsHtml(accept);
}

/** Unknown paths: the web app's index.html for its own page routes, 404 JSON for everything else. */
export function registerNotFound(app: FastifyInstance, serveWeb: boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && isPageRequest(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      status: 404,
      message: 'error.routeNotFound',
      description: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}
