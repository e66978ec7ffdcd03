import type { FastifyInstance } from 'fastify';
import { MALFORMED_TEXT_MESSAGE, NUL_MESSAGE, textFault } from '../../shared/contract/common';
import { AppError } from '../lib/app-error';

/** Depth past which a body is not searched further (the body limit keeps bodies small anyway). */
const MAX_DEPTH = 32;

interface Fault {
  path: string[];
  fault: 'nul' | 'malformed';
}

/** The first string (or object key) the text rule refuses, with its path, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): Fault | null {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? { path, fault } : null;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyFault = textFault(key);
    // The key itself may be unprintable: name it by its well-formed form.
    if (keyFault) return { path: [...path, key.replace(/\p{Cs}/gu, '\uFFFD')], fault: keyFault };
    const found = findBadText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The text rule (`textFault`) on every route, behind the contract's `text()` type: a U+0000 or a
 * lone surrogate anywhere in the path parameters, query or JSON body answers 422, so a field
 * declared without `text()` cannot reach PostgreSQL (which refuses both, the latter inside JSON
 * such as audit rows). Runs after authentication (registered later).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findBadText(value);
      if (!found) continue;
      const field = found.path.join('.') || part;
      const [code, message] =
        found.fault === 'nul'
          ? (['error.nulCharacter', NUL_MESSAGE] as const)
          : (['error.malformedText', MALFORMED_TEXT_MESSAGE] as const);
      return done(new AppError(code, `${field}: ${message}`, { [field]: message }, undefined, { field }));
    }
    done();
  });
}
