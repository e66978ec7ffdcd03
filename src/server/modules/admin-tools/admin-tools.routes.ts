import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UpdateInstitutionBody, UpdateInstitutionResponse } from '../../../shared/contract/admin-tools';
import { OrganizationQuery } from '../../../shared/contract/common';
import { actorOf } from '../../plugins/access';
import { updateInstitution } from './admin-tools.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 409, 422);

/**
 * The Inclusive Access page saves through these (spec §7: "PUT or POST updateInstitutionDetails/?organizationId=
 * and updateInstitution/"); it reads through GET /api/institution/institutionDetails/:organizationId.
 */
export async function adminToolsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/institution/updateInstitution', '/api/institution/updateInstitutionDetails']) {
    for (const method of ['PUT', 'POST'] as const) {
      r.route({
        method,
        url,
        schema: {
          tags: ['admin-tools'],
          querystring: OrganizationQuery,
          body: UpdateInstitutionBody,
          response: { 200: UpdateInstitutionResponse, ...errors },
        },
        config: { access: { rule: 'editAdminTools', org: 'query' } },
        handler: (req) => updateInstitution(req.server.db, actorOf(req), req.query.organizationId, req.body),
      });
    }
  }
}
