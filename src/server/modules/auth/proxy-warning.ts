import type { FastifyInstance } from 'fastify';

export const PROXY_WARNING =
  'Sign-in requests carry X-Forwarded-For but TRUST_PROXY is not set: every client behind the proxy shares its address for the sign-in limits. Behind a load balancer set TRUST_PROXY to the number of proxies in front of the app (e.g. 1) or to their addresses/CIDRs.';

/**
 * Behind a load balancer without TRUST_PROXY, every sign-in comes from the balancer's address and
 * the per-address limit counts everyone together. The first sign-in call that shows the sign of a
 * proxy (an X-Forwarded-For header) logs one warning for the life of the process.
 */
export function warnWhenProxiedWithoutTrust(app: FastifyInstance) {
  if (app.config.trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn({ remoteAddress: request.socket?.remoteAddress }, PROXY_WARNING);
    }
    done();
  });
}
