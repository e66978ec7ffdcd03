import type { z } from 'zod';
import type { RouteSpec } from '../../shared/contract/route';
import { routeOptions } from './route-options';

/**
 * `routeOptions` plus the operation's summary or description in the OpenAPI document; a route with
 * no JSON answer and no error bodies (a redirect) keeps no `response` so the document shows its default.
 */
export function describedRoute<const D extends RouteSpec, E extends Record<number, z.ZodType>>(
  route: D,
  options: { tags: string[]; errors: E },
  doc: { description?: string; summary?: string },
) {
  const { schema, ...rest } = routeOptions(route, options);
  const { response, ...others } = schema;
  const answers = Object.keys(response).length > 0 ? { response } : {};
  return { ...rest, schema: { ...others, ...answers, ...doc } };
}
