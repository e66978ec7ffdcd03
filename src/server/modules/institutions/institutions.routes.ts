import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { institutionsApi } from '../../../shared/contract/institutions';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf } from '../../plugins/access';
import { listInstitutionsForActor } from './institutions.service';

const options = { tags: ['institutions'], errors: errorResponses(401, 403, 422) };

export async function institutionListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const route of [institutionsApi.filterByName, institutionsApi.search]) {
    r.route({
      ...routeOptions(route, options),
      config: { access: { rule: 'authenticated', org: 'none' } },
      handler: async (req) => ({
        organizations: await listInstitutionsForActor(
          req.server.db,
          actorOf(req),
          req.query.name,
          req.query.limit,
        ),
      }),
    });
  }

  r.route({
    ...routeOptions(institutionsApi.list, options),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: async (req) => ({
      organizations: await listInstitutionsForActor(req.server.db, actorOf(req), '', req.query.limit),
    }),
  });
}
