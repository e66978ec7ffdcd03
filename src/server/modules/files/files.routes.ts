import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, OrganizationQuery } from '../../../shared/contract/common';
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
import { AppError, notFound } from '../../lib/app-error';
import { actorOf, type OrgSource } from '../../plugins/access';
import { allowedContentType } from './optout.parse';
import { institutionOfFile } from './optout.queries';
import { deleteOptOutFile, listOptOutFiles, optOutFileReport, uploadOptOutFile } from './optout.service';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['files'];

/** The institution of the live opt-out file named by `fileId`; 404 for an unknown or deleted one. */
const fileOrg: OrgSource = async (req, db) => {
  const id = Number((req.query as { fileId?: unknown }).fileId);
  const institutionId = Number.isInteger(id) && id > 0 ? await institutionOfFile(db, id) : undefined;
  if (institutionId === undefined) throw notFound('Opt-out file');
  return institutionId;
};

/** Opt-out files: upload (applied at once, with a per-row report), list, report, delete (reverts). */
export async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/upload/optoutfile', {
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      querystring: OptOutUploadQuery,
      response: {
        200: OptOutUploadResponse,
        409: ErrorResponse,
        413: ErrorResponse,
        415: ErrorResponse,
        ...errors,
      },
    },
    config: { access: { rule: 'manageOptOut', org: 'query' } },
    handler: async (req) => {
      if (!req.isMultipart()) throw new AppError('error.unsupportedMediaType', OPT_OUT_MESSAGES.noFile);
      const part = await req.file({ limits: { fileSize: OPT_OUT_FILE_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'file')
        throw new AppError('error.validation', OPT_OUT_MESSAGES.noFile, { file: OPT_OUT_MESSAGES.noFile });
      if (!allowedContentType(part.mimetype) || !/\.csv$/i.test(part.filename)) {
        part.file.resume();
        throw new AppError('error.unsupportedMediaType', OPT_OUT_MESSAGES.wrongType);
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) {
          throw new AppError('error.payloadTooLarge', OPT_OUT_MESSAGES.tooLarge);
        }
        throw err;
      }
      return uploadOptOutFile(req.server.db, actorOf(req), req.query.organizationId, {
        fileName: part.filename.slice(0, 255),
        contentType: part.mimetype,
        content,
      });
    },
  });

  r.get('/api/upload/optoutfile', {
    schema: { tags, querystring: OrganizationQuery, response: { 200: OptOutListResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listOptOutFiles(req.server.db, req.query.organizationId),
  });

  r.get('/api/upload/optoutfile/report', {
    schema: { tags, querystring: OptOutFileQuery, response: { 200: OptOutReportResponse, ...errors } },
    config: { access: { rule: 'viewInstitution', org: fileOrg } },
    handler: (req) => optOutFileReport(req.server.db, req.query.fileId),
  });

  r.delete('/api/upload/optoutfile', {
    schema: {
      tags,
      querystring: OptOutFileQuery,
      response: { 200: OptOutDeleteResponse, 409: ErrorResponse, ...errors },
    },
    config: { access: { rule: 'manageOptOut', org: fileOrg } },
    handler: (req) => deleteOptOutFile(req.server.db, actorOf(req), req.query.fileId),
  });
}
