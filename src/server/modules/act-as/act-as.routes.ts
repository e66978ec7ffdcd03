import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actAsApi } from '../../../shared/contract/act-as';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf } from '../../plugins/access';
import { listCandidates, startActAs, stopActAs } from './act-as.service';

const tags = ['act-as'];

/** Act-as for support: start, stop, and whom one may act as. */
export async function actAsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(actAsApi.start, { tags, errors: errorResponses(401, 403, 404, 409, 422) }),
    config: {
      access: { rule: 'actAs', org: 'body', actAs: 'start' },
    },
    handler: (req) => startActAs(req.server.db, actorOf(req), req.body, req.server.now()),
  });

  r.route({
    ...routeOptions(actAsApi.stop, { tags, errors: errorResponses(401, 403) }),
    config: { access: { rule: 'authenticated', org: 'none', actAs: 'exempt' } },
    handler: async (req) => {
      await stopActAs(req.server.db, actorOf(req), req.authSession?.acting ?? null);
      return { status: 'OK' as const };
    },
  });

  r.route({
    ...routeOptions(actAsApi.candidates, { tags, errors: errorResponses(401, 403, 404, 422) }),
    config: { access: { rule: 'actAs', org: 'query' } },
    handler: (req) => listCandidates(req.server.db, actorOf(req), req.query),
  });
}
