import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessExplainApi } from '../../../shared/contract/access-explain';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf } from '../../plugins/access';
import { explainAccess, explainUsers } from './access-explain.service';

const options = { tags: ['access-explain'], errors: errorResponses(401, 403, 404, 422) };
/** Whoever may read the institution's audit log may ask why someone can or cannot do something there. */
const access = { rule: 'viewAudit', org: 'query' } as const;

/** "Explain access": the verdict on one user, rule and institution, and the users one may ask about. */
export async function accessExplainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(accessExplainApi.explain, options, {
      description:
        "May this user do this (a capability rule) in this institution, and why: the server's own verdict with the groups, flags and rule exceptions that decide it.",
    }),
    config: { access },
    handler: (req) => explainAccess(req.server.db, actorOf(req), req.query),
  });

  r.route({
    ...routeOptions(accessExplainApi.users, options, {
      description: 'Users one may ask about in the institution: its members (staff: anyone), matching q.',
    }),
    config: { access },
    handler: (req) => explainUsers(req.server.db, actorOf(req), req.query.organizationId, req.query.q),
  });
}
