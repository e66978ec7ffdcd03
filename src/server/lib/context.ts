import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../jobs/define';

/** The service context of a request: the app's database, configuration and queue, the request's logger. */
export function contextOf(req: FastifyRequest): ServiceContext {
  const { db, config, jobs, metrics } = req.server;
  return { db, config, jobs, log: req.log, metrics };
}
