import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPT_OUT_MESSAGES, optOutApi } from '../../../shared/contract/opt-out';
import { OPT_OUT_FILE_MAX_BYTES } from '../../../shared/validation';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { requestLocale } from '../../lib/i18n';
import { routeOptions } from '../../lib/route-options';
import { actorOf, entityOrg } from '../../plugins/access';
import { receiveUpload, uploadContent } from '../../plugins/input-limits-upload';
import { allowedContentType } from './optout.parse';
import { deleteOptOutFile, listOptOutFiles, optOutFileReport, uploadOptOutFile } from './optout.service';

const tags = ['files'];
const options = { tags, errors: errorResponses(401, 403, 404, 422) };
const uploadOptions = { tags, errors: errorResponses(400, 401, 403, 404, 409, 413, 415, 422) };
const deleteOptions = { tags, errors: errorResponses(401, 403, 404, 409, 422) };

/** The uploaded CSV: one part named `file`, checked for type and size before it is read. */
async function receiveOptOutFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('error.optOutNotMultipart', OPT_OUT_MESSAGES.noFile);
  const part = await receiveUpload(req, { limits: { fileSize: OPT_OUT_FILE_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file')
    throw new AppError('error.optOutNoFile', OPT_OUT_MESSAGES.noFile, { file: OPT_OUT_MESSAGES.noFile });
  if (!allowedContentType(part.mimetype) || !/\.csv$/i.test(part.filename)) {
    part.file.resume();
    throw new AppError('error.optOutCsvOnly', OPT_OUT_MESSAGES.wrongType);
  }
  try {
    return { fileName: part.filename, contentType: part.mimetype, content: await uploadContent(part) };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) {
      throw new AppError('error.optOutTooLarge', OPT_OUT_MESSAGES.tooLarge);
    }
    throw err;
  }
}

/** Opt-out files: upload (applied at once, with a per-row report), list, report, delete (reverts). */
export async function optOutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(optOutApi.upload, uploadOptions, { consumes: ['multipart/form-data'] }),
    config: { access: { rule: 'manageOptOut', org: 'query' } },
    handler: async (req) =>
      uploadOptOutFile(
        req.server.db,
        actorOf(req),
        req.query.organizationId,
        await receiveOptOutFile(req),
        requestLocale(req.headers['accept-language']),
        req.server.now(),
      ),
  });

  r.route({
    ...routeOptions(optOutApi.list, options),
    config: { access: { rule: 'viewInstitution', org: 'query' } },
    handler: (req) => listOptOutFiles(req.server.db, req.query.organizationId),
  });

  r.route({
    ...routeOptions(optOutApi.report, options),
    config: { access: { rule: 'viewInstitution', org: entityOrg('file', 'query', 'fileId') } },
    handler: (req) =>
      optOutFileReport(req.server.db, req.query.fileId, requestLocale(req.headers['accept-language'])),
  });

  r.route({
    ...routeOptions(optOutApi.remove, deleteOptions),
    config: { access: { rule: 'manageOptOut', org: entityOrg('file', 'query', 'fileId') } },
    handler: (req) => deleteOptOutFile(req.server.db, actorOf(req), req.query.fileId),
  });
}
