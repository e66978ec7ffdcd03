import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PeopleQuery, PeopleResponse } from '../../../shared/contract/people';
import { errorResponses } from '../../lib/error-responses';
import { findPeople } from './people.service';

const errors = errorResponses(401, 403, 422);

/** Find a person (provider staff): accounts by name, e-mail or user name across institutions. */
export async function peopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/people', {
    schema: { tags: ['people'], querystring: PeopleQuery, response: { 200: PeopleResponse, ...errors } },
    config: { access: { rule: 'findPeople', org: 'none' } },
    handler: (req) => findPeople(req.server.db, req.query),
  });
}
