import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BULK_REPORT_FILE,
  BULK_TEMPLATE_FILE,
  bulkAccountsApi,
} from '../../../shared/contract/bulk-accounts';
import { AppError } from '../../lib/app-error';
import { sendCsv, sendDownload } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { namedLocale } from '../../lib/i18n';
import { routeOptions } from '../../lib/route-options';
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

const options = {
  tags: ['bulk-accounts'],
  errors: errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ofImport = entityOrg('import', 'params', 'importId');

/** Bulk account creation from .xlsx: upload → dry-run preview → commit → job with progress → report. */
export async function bulkAccountsRoutes(app: FastifyInstance) {
  uploadRoutes(app);
  importRoutes(app);
}

/** The uploaded spreadsheet: its name and content (refused when not multipart or without a file). */
async function receiveSpreadsheet(req: FastifyRequest) {
  if (!req.isMultipart()) {
    throw new AppError('error.bulkNotMultipart', 'Send the file as multipart/form-data in the field "file".');
  }
  const part = await receiveUpload(req);
  if (!part) throw new AppError('error.bulkNoFile', 'Choose a file to upload.', { file: 'Required.' });
  return { fileName: part.filename || 'upload.xlsx', content: await uploadContent(part) };
}

function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(bulkAccountsApi.template, options, {
      description: `${BULK_TEMPLATE_FILE} with the documented header row.`,
    }),
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: async (req, reply) =>
      sendDownload(
        reply,
        BULK_TEMPLATE_FILE,
        XLSX,
        await templateWorkbook(req.server.db, req.query.organizationId),
      ),
  });

  r.route({
    ...routeOptions(bulkAccountsApi.upload, options, {
      description:
        'multipart/form-data with one .xlsx in the field `file` (5 MB, 10,000 rows). Answers 202: the preview is built by a job; poll the import.',
      consumes: ['multipart/form-data'],
    }),
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: async (req, reply) => {
      const file = await receiveSpreadsheet(req);
      const result = await uploadImport(
        req.server.db,
        req.server.jobs,
        actorOf(req),
        req.query.organizationId,
        file,
      );
      return reply.code(202).send(result);
    },
  });

  r.route({
    ...routeOptions(bulkAccountsApi.list, options),
    config: { access: { rule: 'editUsers', org: 'query' } },
    handler: (req) => listImports(req.server.db, req.query.organizationId),
  });
}

function importRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(bulkAccountsApi.get, options),
    config: { access: { rule: 'editUsers', org: ofImport } },
    handler: (req) => getImport(req.server.db, req.params.importId),
  });

  r.route({
    ...routeOptions(bulkAccountsApi.rows, options),
    config: { access: { rule: 'editUsers', org: ofImport } },
    handler: (req) => importRows(req.server.db, req.params.importId, req.query),
  });

  r.route({
    ...routeOptions(bulkAccountsApi.commit, options),
    config: { access: { rule: 'editUsers', org: ofImport } },
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

  r.route({
    ...routeOptions(bulkAccountsApi.report, options, {
      description: `${BULK_REPORT_FILE}: one line per row with its action, result and reasons (text/csv).`,
    }),
    config: { access: { rule: 'editUsers', org: ofImport } },
    handler: async (req, reply) =>
      sendCsv(
        reply,
        BULK_REPORT_FILE,
        IMPORT_REPORT_COLUMNS,
        await importReportCsv(req.server.db, req.params.importId, req.query.mode),
      ),
  });
}
