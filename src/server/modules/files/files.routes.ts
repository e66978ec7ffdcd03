import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrganizationQuery } from '../../../shared/contract/common';
import {
  OPT_OUT_MESSAGES,
  OptOutDeleteResponse,
  OptOutFileQuery,
  OptOutListResponse,
  OptOutReportResponse,
  OptOutUploadQuery,
  OptOutUploadResponse,
} from '../../../shared/contract/files';
import { OPT_OUT_FILE_MAX_BYTES } from '../../../shared/validation';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { actorOf, entityOrg } from '../../plugins/access';
import { receiveUpload, uploadContent } from '../../plugins/input-limits-upload';
import { allowedContentType } from './optout.parse';
import { deleteOptOutFile, listOptOutFiles, optOutFileReport, uploadOptOutFile } from './optout.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['files'];

/** Opt-out files: upload (applied at once, with a per-row report), list, report, delete (reverts). */
export async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/upload/optoutfile', {
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      querystring: OptOutUploadQuery,
      response: { 200: OptOutUploadResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    },
    config: { access: { rule: 'manageOptOut', org: 'query' } },
    handler: async (req) => {
      if (!req.isMultipart()) throw new AppError('error.optOutNotMultipart', OPT_OUT_MESSAGES.noFile);
      const part = await receiveUpload(req, { limits: { fileSize: OPT_OUT_FILE_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'file')
        throw new AppError('error.optOutNoFile', OPT_OUT_MESSAGES.noFile, { file: OPT_OUT_MESSAGES.noFile });
      if (!allowedContentType(part.mimetype) || !/\.csv$/i.test(part.filename)) {
        part.file.resume();
        throw new AppError('error.optOutCsvOnly', OPT_OUT_MESSAGES.wrongType);
      }
      let content: Buffer;
      try {
        content = await uploadContent(part);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) {
          throw new AppError('error.optOutTooLarge', OPT_OUT_MESSAGES.tooLarge);
        }
        throw err;
      }
      return uploadOptOutFile(
        req.server.db,
        actorOf(req),
        req.query.organizationId,
        {
          fileName: part.filename,
          contentType: part.mimetype,
          content,
        },
        requestLocale(req.headers['accept-language']),
        req.server.now(),
      );
    },
  });

  r.get('/api/upload/optoutfile', {
    schema: { tags, querystring: OrganizationQuery, response: { 200: OptOutListResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listOptOutFiles(req.server.db, req.query.organizationId),
  });

  r.get('/api/upload/optoutfile/report', {
    schema: { tags, querystring: OptOutFileQuery, response: { 200: OptOutReportResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: entityOrg('file', 'query', 'fileId') } },
    handler: (req) =>
      optOutFileReport(req.server.db, req.query.fileId, requestLocale(req.headers['accept-language'])),
  });

  r.delete('/api/upload/optoutfile', {
    schema: {
      tags,
      querystring: OptOutFileQuery,
      response: { 200: OptOutDeleteResponse, ...errorResponses(401, 403, 404, 409, 422) },
    },
    config: { access: { rule: 'manageOptOut', org: entityOrg('file', 'query', 'fileId') } },
    handler: (req) => deleteOptOutFile(req.server.db, actorOf(req), req.query.fileId),
  });
}
