import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsvResponse } from '../../../shared/contract/reports';
import { rostersApi } from '../../../shared/contract/rosters';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg } from '../../plugins/access';
import { roster, rosterExport } from './rosters.service';

const tags = ['rosters'];
const errors = errorResponses(401, 403, 404, 422);
const access = { rule: 'viewInstitution', org: entityOrg('section', 'query', 'sectionId') } as const;

/** A course's student roster: paged JSON and a CSV export. */
export async function rosterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(rostersApi.roster, { tags, errors }),
    config: { access },
    handler: (req) => roster(req.server.db, req.query, req.server.now()),
  });

  r.route({
    // a download: its 200 is documented as the file, not a contract response
    ...routeOptions(rostersApi.export, { tags, errors: { 200: CsvResponse, ...errors } }),
    config: { access },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const out = await rosterExport(req.server.db, actor, req.query.sectionId, actor.organizationId);
      return sendCsv(reply, out.fileName, out.columns, out.rows);
    },
  });
}
