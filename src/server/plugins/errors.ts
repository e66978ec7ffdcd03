import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/errors';
import { AppError } from '../lib/app-error';

/** One error shape for every failure: `{status, message, description?, fields?}`; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send(body(err.status, err.code, err.description, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        fields[path || String(err.validationContext ?? 'request')] ??= issue.message ?? 'Invalid value';
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
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body(500, 'error.server'));
  });
}

function body(
  status: number,
  message: string,
  description?: string,
  fields?: Record<string, string>,
): ErrorBody {
  const b: ErrorBody = { status, message };
  if (description) b.description = description;
  if (fields) b.fields = fields;
  return b;
}
