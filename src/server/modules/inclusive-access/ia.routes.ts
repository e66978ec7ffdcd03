import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DropBody,
  DropResponse,
  ExtendTrialBody,
  ExtendTrialResponse,
  OptChangeBody,
  OptChangeResponse,
  ResendAccessMailBody,
  ResendAccessMailResponse,
  SectionActionQuery,
  CensusExportQuery,
  CensusReportQuery,
  CensusReportResponse,
  DashboardQuery,
  DashboardResponse,
} from '../../../shared/contract/inclusive-access';
import { CsvResponse } from '../../../shared/contract/reports';
import { sendCsv, sendDownload } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { actorOf, entityOrg } from '../../plugins/access';
import { dashboard } from './ia.dashboard';
import { censusExport, censusReport } from './ia.report';
import { XLSX_TYPE as XLSX, xlsxStream } from '../../lib/xlsx';
import { changeOptStatus, extendTrial, removeEnrollment, resendAccessMail } from './ia.service';

const tags = ['inclusive-access'];
const errors = errorResponses(401, 403, 404, 422);
const course = entityOrg('section', 'query', 'sectionId');

/** Roster row actions of inclusive access: opt status (and late override), trial, access mail, drop. */
export async function inclusiveAccessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/inclusive-access/opt-status', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: OptChangeBody,
      response: { 200: OptChangeResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      changeOptStatus(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.post('/api/inclusive-access/extend-trial', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: ExtendTrialBody,
      response: { 200: ExtendTrialResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      extendTrial(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.post('/api/inclusive-access/access-mail', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: ResendAccessMailBody,
      response: { 200: ResendAccessMailResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
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

  r.post('/api/inclusive-access/drop', {
    schema: {
      tags,
      querystring: SectionActionQuery,
      body: DropBody,
      response: { 200: DropResponse, ...errors },
    },
    config: { access: { rule: 'editOptStatus', org: course } },
    handler: (req) =>
      removeEnrollment(req.server.db, actorOf(req), req.query.sectionId, req.body, req.server.now()),
  });

  r.get('/api/inclusive-access/census-report', {
    schema: {
      tags,
      querystring: CensusReportQuery,
      response: { 200: CensusReportResponse, ...errors },
    },
    config: { access: { rule: 'viewReports', org: 'query' } },
    handler: (req) => censusReport(req.server.db, req.query.organizationId, req.query, req.server.now()),
  });

  r.get('/api/inclusive-access/census-report/students', {
    schema: {
      tags,
      description: 'The per-student census file: CSV or .xlsx, streamed.',
      querystring: CensusExportQuery,
      response: { 200: CsvResponse, ...errors },
    },
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

  r.get('/api/inclusive-access/dashboard', {
    schema: { tags, querystring: DashboardQuery, response: { 200: DashboardResponse, ...errors } },
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
