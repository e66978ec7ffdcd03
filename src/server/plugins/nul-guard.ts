import type { FastifyInstance } from 'fastify';
import { NUL_MESSAGE } from '../../shared/contract/common';
import { AppError } from '../lib/app-error';

/** Depth past which a body is not searched further (the body limit keeps bodies small anyway). */
const MAX_DEPTH = 32;

/** Path of the first string (or object key) holding U+0000, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Defence in depth behind the contract's `text()` type: a U+0000 anywhere in the path parameters,
 * query or JSON body answers 422, so a field declared without `text()` cannot reach PostgreSQL
 * (which refuses the character with an error). Runs after authentication (registered later).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path) {
        const field = path.join('.') || part;
        throw new AppError(
          'error.nulCharacter',
          `${field}: ${NUL_MESSAGE}`,
          { [field]: NUL_MESSAGE },
          undefined,
          {
            field,
          },
        );
      }
    }
  });
}
