import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcknowledgeAlertsBody,
  AcknowledgeAlertsResponse,
  AlertsQuery,
  AlertsResponse,
} from '../../../shared/contract/alerts';
import { OrganizationQuery } from '../../../shared/contract/common';
import { actorOf } from '../../plugins/access';
import { acknowledgeAlerts, listAlerts } from './alerts.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);

/** Notification alerts: copy statuses and section alerts (spec §7 Alerts). */
export async function alertRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/alert/alerts', {
    schema: { tags: ['alerts'], querystring: AlertsQuery, response: { 200: AlertsResponse, ...errors } },
    config: { access: { rule: 'viewAlerts', org: 'query' } },
    handler: (req) => listAlerts(req.server.db, actorOf(req), req.query, req.server.now()),
  });

  // POST in spec §7, PUT in its other reading: both acknowledge.
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/alert/alerts/acknowledge',
      schema: {
        tags: ['alerts'],
        querystring: OrganizationQuery,
        body: AcknowledgeAlertsBody,
        response: { 200: AcknowledgeAlertsResponse, ...errors },
      },
      config: { access: { rule: 'viewAlerts', org: 'query' } },
      handler: (req) => acknowledgeAlerts(req.server.db, actorOf(req), req.query.organizationId, req.body),
    });
  }
}
