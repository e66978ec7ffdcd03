import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminToolsApi } from '../../../shared/contract/admin-tools';
import { actorOf } from '../../plugins/access';
import { updateInstitution } from './admin-tools.service';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';

const options = { tags: ['admin-tools'], errors: errorResponses(401, 403, 404, 409, 422) };

/**
 * The Inclusive Access page saves through these (spec §7: "PUT or POST updateInstitutionDetails/?organizationId=
 * and updateInstitution/"); it reads through GET /api/institution/institutionDetails/:organizationId.
 */
export async function adminToolsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { updateInstitution: put, updateInstitutionPost, updateDetails, updateDetailsPost } = adminToolsApi;
  for (const route of [put, updateInstitutionPost, updateDetails, updateDetailsPost]) {
    r.route({
      ...routeOptions(route, options),
      config: { access: { rule: 'editAdminTools', org: 'query' } },
      handler: (req) => updateInstitution(req.server.db, actorOf(req), req.query.organizationId, req.body),
    });
  }
}
