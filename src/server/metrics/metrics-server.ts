import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

export interface MetricsServer {
  /** The bound port (METRICS_PORT=0 picks a free one). */
  readonly port: number;
  /** From now on /metrics, /healthz and /readyz answer for this app. */
  attach(app: FastifyInstance): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const unavailable = (description: string) => ({ status: 503, message: 'error.unavailable', description });

/**
 * The listener beside the web port (METRICS_PORT): Prometheus text on /metrics, and the app's own
 * /healthz and /readyz, so a worker, which serves no web port, can be probed too. It opens before
 * the database is migrated: until an app is attached /healthz is 200 and /readyz 503.
 */
export async function startMetricsServer(
  opts: { port: number; host: string },
  log: Pick<Logger, 'info' | 'error'>,
): Promise<MetricsServer> {
  let app: FastifyInstance | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    const get = req.method === 'GET' || req.method === 'HEAD';
    if (get && path === '/metrics') {
      if (!app) return json(res, 503, unavailable('starting'));
      const registry = app.metrics.registry;
      const text = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
      return res.end(text);
    }
    if (get && (path === '/healthz' || path === '/readyz')) {
      if (!app)
        return path === '/healthz'
          ? json(res, 200, { status: 'ok' })
          : json(res, 503, unavailable('starting'));
      const answer = await app.inject({ method: 'GET', url: path }).catch(() => null);
      if (!answer) return json(res, 503, unavailable('stopping'));
      res.writeHead(answer.statusCode, {
        'content-type': answer.headers['content-type'] ?? 'application/json',
      });
      return res.end(answer.body);
    }
    return json(res, 404, {
      status: 404,
      message: 'error.routeNotFound',
      description: `No route ${req.method} ${path}.`,
    });
  }

  // Not `import … from 'node:http'`: Node builds that module's ESM namespace from all of its exports,
  // which loads its fetch implementation (undici) at every start (docs/decisions/0007).
  const { createServer } = process.getBuiltinModule('node:http');
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log.error({ err }, 'metrics listener: request failed');
      if (!res.headersSent) json(res, 500, { status: 500, message: 'error.server' });
      else res.end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  log.info(
    { metricsPort: port, metricsHost: address },
    `metrics and health on http://${opts.host}:${port}/metrics`,
  );
  return {
    port,
    attach(target) {
      target.metrics.withProcessMetrics();
      app = target;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
