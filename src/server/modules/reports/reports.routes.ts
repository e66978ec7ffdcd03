import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsvResponse, ReportQuery } from '../../../shared/contract/reports';
import { actorOf } from '../../plugins/access';
import { sendCsv } from '../../lib/csv';
import { type ReportKind, report } from './reports.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);

const REPORTS: { url: string; kind: ReportKind }[] = [
  { url: '/api/institution/download/ISReport', kind: 'ISReport' },
  { url: '/api/institution/download/CSReport', kind: 'CSReport' },
  { url: '/api/institution/censusData', kind: 'CensusData' },
];

/** CSV downloads of an institution, streamed from the database. */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const { url, kind } of REPORTS) {
    r.get(url, {
      schema: { tags: ['reports'], querystring: ReportQuery, response: { 200: CsvResponse, ...errors } },
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
