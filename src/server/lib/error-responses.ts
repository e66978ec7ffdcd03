import { ErrorResponse } from '../../shared/contract/common';

/** The error statuses a route may answer, each with the one error body of ARCHITECTURE §4. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 504;

/**
 * The error part of a route's `response` schema: `errorResponses(401, 403, 404, 422)` gives
 * `{ 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse }`.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}
