import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BULK_REPORT_FILE,
  BULK_TEMPLATE_FILE,
  BulkCommitBody,
  BulkImport,
  BulkImportListResponse,
  BulkReportQuery,
  BulkRowsQuery,
  BulkRowsResponse,
  BulkTemplateQuery,
  BulkUploadQuery,
  ImportIdParams,
} from '../../../shared/contract/bulk-accounts';
import { AppError } from '../../lib/app-error';
import { sendCsv, sendDownload } from '../../lib/csv';
import { namedLocale } from '../../lib/i18n';
import { actorOf, entityOrg } from '../../plugins/access';
import { receiveUpload, uploadContent } from '../../plugins/input-limits-upload';
import {
  commitImport,
  getImport,
  IMPORT_REPORT_COLUMNS,
  importReportCsv,
  importRows,
  listImports,
  uploadImport,
} from './bulk-accounts.service';
import { templateWorkbook } from './template';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);
const tags = ['bulk-accounts'];
const BASE = '/api/registrarUser/instructor/bulkAccountCreation';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bulk account creation from .xlsx: upload → dry-run preview → commit → job with progress → report. */
export async function bulkAccountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/registrarUser/instructor/bulkAccountTemplate', {
    schema: {
      tags,
      description: `${BULK_TEMPLATE_FILE} with the documented header row.`,
      querystring: BulkTemplateQuery,
      response: errors,
    },
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: async (req, reply) =>
      sendDownload(
        reply,
        BULK_TEMPLATE_FILE,
        XLSX,
        await templateWorkbook(req.server.db, req.query.organizationId),
      ),
  });

  r.post(BASE, {
    schema: {
      tags,
      description:
        'multipart/form-data with one .xlsx in the field `file` (5 MB, 10,000 rows). Answers 202: the preview is built by a job; poll the import.',
      consumes: ['multipart/form-data'],
      querystring: BulkUploadQuery,
      response: { 202: BulkImport, ...errors },
    },
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: async (req, reply) => {
      if (!req.isMultipart()) {
        throw new AppError(
          'error.bulkNotMultipart',
          'Send the file as multipart/form-data in the field "file".',
        );
      }
      const part = await receiveUpload(req);
      if (!part) throw new AppError('error.bulkNoFile', 'Choose a file to upload.', { file: 'Required.' });
      const content = await uploadContent(part);
      const result = await uploadImport(
        req.server.db,
        req.server.jobs,
        actorOf(req),
        req.query.organizationId,
        {
          fileName: part.filename || 'upload.xlsx',
          content,
        },
      );
      return reply.code(202).send(result);
    },
  });

  r.get(BASE, {
    schema: { tags, querystring: BulkUploadQuery, response: { 200: BulkImportListResponse, ...errors } },
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: (req) => listImports(req.server.db, req.query.organizationId),
  });

  r.get(`${BASE}/:importId`, {
    schema: { tags, params: ImportIdParams, response: { 200: BulkImport, ...errors } },
    config: { access: { rule: 'editUsers', org: entityOrg('import', 'params', 'importId') } },
    handler: (req) => getImport(req.server.db, req.params.importId),
  });

  r.get(`${BASE}/:importId/rows`, {
    schema: {
      tags,
      params: ImportIdParams,
      querystring: BulkRowsQuery,
      response: { 200: BulkRowsResponse, ...errors },
    },
    config: { access: { rule: 'editUsers', org: entityOrg('import', 'params', 'importId') } },
    handler: (req) => importRows(req.server.db, req.params.importId, req.query),
  });

  r.post(`${BASE}/:importId/commit`, {
    schema: { tags, params: ImportIdParams, body: BulkCommitBody, response: { 202: BulkImport, ...errors } },
    config: { access: { rule: 'editUsers', org: entityOrg('import', 'params', 'importId') } },
    handler: async (req, reply) =>
      reply
        .code(202)
        .send(
          await commitImport(
            req.server.db,
            req.server.jobs,
            req.server.config,
            actorOf(req),
            req.params.importId,
            req.body,
            namedLocale(req.headers['accept-language']) ?? undefined,
          ),
        ),
  });

  r.get(`${BASE}/:importId/report`, {
    schema: {
      tags,
      description: `${BULK_REPORT_FILE}: one line per row with its action, result and reasons (text/csv).`,
      params: ImportIdParams,
      querystring: BulkReportQuery,
      response: errors,
    },
    config: { access: { rule: 'editUsers', org: entityOrg('import', 'params', 'importId') } },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        BULK_REPORT_FILE,
        IMPORT_REPORT_COLUMNS,
        await importReportCsv(req.server.db, req.params.importId, req.query.mode),
      ),
  });
}
