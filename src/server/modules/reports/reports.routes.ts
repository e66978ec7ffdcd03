import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsvResponse, reportsApi } from '../../../shared/contract/reports';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { actorOf } from '../../plugins/access';
import { type ReportKind, report } from './reports.service';

// downloads: their 200 is documented as the file, not a contract response
const options = { tags: ['reports'], errors: { 200: CsvResponse, ...errorResponses(401, 403, 404, 422) } };

const REPORTS: { route: (typeof reportsApi)[keyof typeof reportsApi]; kind: ReportKind }[] = [
  { route: reportsApi.isReport, kind: 'ISReport' },
  { route: reportsApi.csReport, kind: 'CSReport' },
  { route: reportsApi.censusData, kind: 'CensusData' },
];

/** CSV downloads of an institution, streamed from the database. */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { route, kind } of REPORTS) {
    r.route({
      ...routeOptions(route, options),
      config: { access: { rule: 'viewReports', org: 'query' } },
      handler: async (req, reply) => {
        const rep = await report(
          req.server.db,
          actorOf(req),
          kind,
          req.query.organizationId,
          req.query.coursePeriod,
        );
        return sendCsv(reply, rep.fileName, rep.columns, rep.rows);
      },
    });
  }
}
