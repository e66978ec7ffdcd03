import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../../shared/contract/common';
import { CsvResponse, ReportQuery } from '../../../shared/contract/reports';
import { actorOf } from '../../plugins/access';
import { sendCsv } from './csv';
import { type ReportKind, report } from './reports.service';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

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
