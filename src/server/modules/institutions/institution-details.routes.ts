import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { institutionsApi } from '../../../shared/contract/institutions';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import {
  courseCreationInfo,
  institutionDepartments,
  institutionDetails,
  institutionInstructors,
  institutionUsers,
  lmsMappings,
} from './institution-details.service';

const options = { tags: ['institutions'], errors: errorResponses(401, 403, 404, 422) };
const view = { rule: 'viewInstitution', org: 'params' } as const;

/** Institution details, people and LMS mappings (spec §7 Institutions; course lists: modules/courses, offers: modules/offers). */
export async function institutionDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(institutionsApi.details, options),
    config: { access: view },
    handler: (req) => institutionDetails(req.server.db, req.params.organizationId),
  });

  r.route({
    ...routeOptions(institutionsApi.departments, options),
    config: { access: view },
    handler: (req) => institutionDepartments(req.server.db, req.params.organizationId),
  });

  r.route({
    ...routeOptions(institutionsApi.instructors, options),
    config: { access: view },
    handler: (req) =>
      institutionInstructors(req.server.db, req.params.organizationId, req.query.q, req.query.limit),
  });

  r.route({
    ...routeOptions(institutionsApi.users, options),
    config: { access: view },
    handler: (req) =>
      institutionUsers(req.server.db, req.params.organizationId, req.query.q, req.query.limit),
  });

  r.route({
    ...routeOptions(institutionsApi.lmsMappings, options),
    config: { access: { rule: 'viewLmsMappings', org: 'query' } },
    handler: (req) => lmsMappings(req.server.db, req.query.organizationId),
  });

  r.route({
    ...routeOptions(institutionsApi.courseCreationInfo, options),
    config: { access: view },
    handler: (req) => courseCreationInfo(req.server.db, req.params.organizationId),
  });
}
