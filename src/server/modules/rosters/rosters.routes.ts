import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsvResponse } from '../../../shared/contract/reports';
import { RosterExportQuery, RosterQuery, RosterResponse } from '../../../shared/contract/rosters';
import { actorOf, entityOrg } from '../../plugins/access';
import { sendCsv } from '../../lib/csv';
import { roster, rosterExport } from './rosters.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);

/** A course's student roster: paged JSON and a CSV export. */
export async function rosterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/courses/roster', {
    schema: { tags: ['rosters'], querystring: RosterQuery, response: { 200: RosterResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: (req) => roster(req.server.db, req.query, req.server.now()),
  });

  r.get('/api/courses/roster/export', {
    schema: { tags: ['rosters'], querystring: RosterExportQuery, response: { 200: CsvResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const out = await rosterExport(req.server.db, actor, req.query.sectionId, actor.organizationId);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });
}
