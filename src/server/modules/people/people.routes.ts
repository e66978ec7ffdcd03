import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { peopleApi } from '../../../shared/contract/people';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { findPeople } from './people.service';

const options = { tags: ['people'], errors: errorResponses(401, 403, 422) };

/** Find a person (provider staff): accounts by name, e-mail or user name across institutions. */
export async function peopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOptions(peopleApi.find, options),
    config: { access: { rule: 'findPeople', org: 'none' } },
    handler: (req) => findPeople(req.server.db, req.query),
  });
}
