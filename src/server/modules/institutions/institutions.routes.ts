import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InstitutionListResponse, InstitutionSearchQuery } from '../../../shared/contract/institutions';
import { actorOf } from '../../plugins/access';
import { listInstitutionsForActor } from './institutions.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 422);

export async function institutionListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/api/institution/institutionListFilterByName', '/api/institution/search']) {
    r.get(url, {
      schema: {
        tags: ['institutions'],
        querystring: InstitutionSearchQuery,
        response: { 200: InstitutionListResponse, ...errors },
      },
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

  r.get('/api/institution/institutionList', {
    schema: {
      tags: ['institutions'],
      querystring: InstitutionSearchQuery,
      response: { 200: InstitutionListResponse, ...errors },
    },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: async (req) => ({
      organizations: await listInstitutionsForActor(req.server.db, actorOf(req), '', req.query.limit),
    }),
  });
}
