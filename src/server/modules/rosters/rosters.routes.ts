import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../../shared/contract/common';
import { CsvResponse } from '../../../shared/contract/reports';
import { RosterExportQuery, RosterQuery, RosterResponse } from '../../../shared/contract/rosters';
import { actorOf } from '../../plugins/access';
import { sectionInQuery } from '../courses';
import { sendCsv } from '../reports';
import { roster, rosterExport } from './rosters.service';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

/** A course's student roster: paged JSON and a CSV export. */
export async function rosterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/courses/roster', {
    schema: { tags: ['rosters'], querystring: RosterQuery, response: { 200: RosterResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: sectionInQuery } },
    handler: (req) => roster(req.server.db, req.query),
  });

  r.get('/api/courses/roster/export', {
    schema: { tags: ['rosters'], querystring: RosterExportQuery, response: { 200: CsvResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: sectionInQuery } },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const out = await rosterExport(req.server.db, actor, req.query.sectionId, actor.organizationId);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });
}
