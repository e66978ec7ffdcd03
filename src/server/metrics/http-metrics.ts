import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** Label of requests that matched no route (404s, the web app's page fallback): URLs are unbounded. */
export const NO_ROUTE = '(none)';

/** Observes every answered request's latency under its route pattern (never the raw URL). */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? NO_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
