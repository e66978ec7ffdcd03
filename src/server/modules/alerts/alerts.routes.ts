import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertsApi } from '../../../shared/contract/alerts';
import { actorOf, entityOrgList, entityOrgs } from '../../plugins/access';
import { acknowledgeAlerts, listAlerts } from './alerts.service';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';

const options = { tags: ['alerts'], errors: errorResponses(401, 403, 404, 422) };

/** The alerts named must be of the institution `?organizationId=` names, else 404. */
const alertsOfInstitution = entityOrgs(
  entityOrgList('copyAlert', 'body', 'ids[]', { within: 'query' }),
  entityOrgList('sectionAlert', 'body', 'sectionIds[]', { within: 'query' }),
);

/** Notification alerts: copy statuses and section alerts (spec §7 Alerts). */
export async function alertRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(alertsApi.list, options),
    config: { access: { rule: 'viewAlerts', org: 'query' } },
    handler: (req) => listAlerts(req.server.db, actorOf(req), req.query, req.server.now()),
  });

  // POST in spec §7, PUT in its other reading: both acknowledge.
  for (const route of [alertsApi.acknowledge, alertsApi.acknowledgePut]) {
    r.route({
      ...routeOptions(route, options),
      config: { access: { rule: 'viewAlerts', org: alertsOfInstitution } },
      handler: (req) => acknowledgeAlerts(req.server.db, actorOf(req), req.query.organizationId, req.body),
    });
  }
}
