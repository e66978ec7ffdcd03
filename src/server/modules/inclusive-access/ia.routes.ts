import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inclusiveAccessApi } from '../../../shared/contract/inclusive-access';
import { CsvResponse } from '../../../shared/contract/reports';
import { sendCsv, sendDownload } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { routeOptions } from '../../lib/route-options';
import { XLSX_TYPE as XLSX, xlsxStream } from '../../lib/xlsx';
import { actorOf, entityOrg } from '../../plugins/access';
import { dashboard } from './ia.dashboard';
import { censusExport, censusReport } from './ia.report';
import { changeOptStatus, extendTrial, removeEnrollment, resendAccessMail } from './ia.service';

const tags = ['inclusive-access'];
const errors = errorResponses(401, 403, 404, 422);
const options = { tags, errors };
// a download: its 200 is documented as the file, not a contract response
const fileOptions = { tags, errors: { 200: CsvResponse, ...errors } };
const course = entityOrg('section', 'query', 'sectionId');

/** Roster row actions of inclusive access: opt status (and late override), trial, access mail, drop. */
export async function inclusiveAccessRoutes(app: FastifyInstance) {
  rowActionRoutes(app);
  reportRoutes(app);
}

function rowActionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { rule: 'editOptStatus', org: course } as const;

  r.route({
    ...routeOptions(inclusiveAccessApi.optStatus, options),
    config: { access },
    handler: (req) =>
      changeOptStatus(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.route({
    ...routeOptions(inclusiveAccessApi.extendTrial, options),
    config: { access },
    handler: (req) =>
      extendTrial(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.route({
    ...routeOptions(inclusiveAccessApi.accessMail, options),
    config: { access },
    handler: (req) =>
      resendAccessMail(
        req.server.db,
        req.server.jobs,
        actorOf(req),
        req.query.sectionId,
        req.body.enrollmentId,
        req.server.now(),
      ),
  });

  r.route({
    ...routeOptions(inclusiveAccessApi.drop, options),
    config: { access },
    handler: (req) =>
      removeEnrollment(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });
}

/** The census report (JSON and the per-student file) and the dashboard. */
function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(inclusiveAccessApi.censusReport, options),
    config: { access: { rule: 'viewReports', org: 'query' } },
    handler: (req) => censusReport(req.server.db, req.query.organizationId, req.query, req.server.now()),
  });

  r.route({
    ...routeOptions(inclusiveAccessApi.censusStudents, fileOptions, {
      description: 'The per-student census file: CSV or .xlsx, streamed.',
    }),
    config: { access: { rule: 'viewReports', org: 'query' } },
    handler: async (req, reply) => {
      const out = await censusExport(
        req.server.db,
        actorOf(req),
        req.query.organizationId,
        req.query,
        req.server.now(),
      );
      if (req.query.format === 'csv') return sendCsv(reply, out.fileName, out.columns, out.rows);
      return sendDownload(reply, out.fileName, XLSX, await xlsxStream(out.columns, out.rows, 'Census'));
    },
  });

  r.route({
    ...routeOptions(inclusiveAccessApi.dashboard, options),
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) =>
      dashboard(
        req.server.db,
        req.query.organizationId,
        req.server.config.lowEnrollmentThreshold,
        req.server.now(),
      ),
  });
}
