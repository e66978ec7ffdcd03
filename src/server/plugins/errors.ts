import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/errors';
import { isConnectionLost } from '../db/connection-loss';
import { AppError } from '../lib/app-error';
import { fieldMessage, translateFields } from '../lib/field-messages';
import { requestLocale } from '../lib/i18n';
import { isMalformedMultipart, malformedMultipart } from './input-limits-upload';

/** Seconds a client is asked to wait after the database connection was lost. */
const RETRY_AFTER_SECONDS = 5;

/** One error shape for every failure: `{status, message, description?, fields?, refused?, params?}`; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // field messages in the request's language (Accept-Language; the web sends the one it shows)
    const locale = requestLocale(request.headers['accept-language']);
    if (err instanceof AppError) {
      const fields = err.fields && translateFields(locale, err.fields);
      return reply
        .code(err.status)
        .send(body(err.status, err.code, err.description, fields, err.refused, err.params));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        fields[path || String(err.validationContext ?? 'request')] ??= fieldMessage(locale, issue);
      }
      const first = Object.entries(fields)[0];
      return reply
        .code(422)
        .send(
          body(
            422,
            'error.validation',
            first ? `${first[0]}: ${first[1]}` : 'The request is not valid.',
            fields,
          ),
        );
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(body(500, 'error.server'));
    }
    if (isMalformedMultipart(err)) {
      // A route that reads its file without receiveUpload still answers a malformed body with 400.
      const m = malformedMultipart();
      return reply.code(m.status).send(body(m.status, m.code, m.description));
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send(body(413, 'error.payloadTooLarge', 'The upload is too large.'));
    if (status === 415)
      return reply
        .code(415)
        .send(body(415, 'error.unsupportedMediaType', 'This content type is not accepted.'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content-length and similar client faults.
      return reply.code(400).send(body(400, 'error.badRequest', err.message));
    }
    if (isConnectionLost(err)) {
      // A write whose connection dropped may or may not have committed: never retried here.
      request.log.warn({ err }, 'database connection lost');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(
          body(503, 'error.unavailable', 'The database connection was lost. Try again in a few seconds.'),
        );
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body(500, 'error.server'));
  });
}

function body(
  status: number,
  message: string,
  description?: string,
  fields?: Record<string, string>,
  refused?: ErrorBody['refused'],
  params?: ErrorBody['params'],
): ErrorBody {
  const b: ErrorBody = { status, message };
  if (description) b.description = description;
  if (fields) b.fields = fields;
  if (refused) b.refused = refused;
  if (params) b.params = params;
  return b;
}
