import type { z } from 'zod';
import type { RouteSpec } from '../../shared/contract/route';

type Status<D extends RouteSpec> = D['status'] extends number ? D['status'] : 200;
type Responses<D extends RouteSpec, E> = D['response'] extends z.ZodType
  ? Record<Status<D>, D['response']> & E
  : E;

/** The schema Fastify validates and documents a contract route with (what it leaves out stays out). */
export interface RouteSchema<D extends RouteSpec, E> {
  tags: string[];
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: Responses<D, E>;
}

/**
 * The method, URL and schema of a contract route, for `app.route({ ...routeOptions(…), config, handler })`:
 * the handler's request and answer are typed from the contract, and the path is written only there.
 */
export function routeOptions<const D extends RouteSpec, E extends Record<number, z.ZodType>>(
  route: D,
  { tags, errors }: { tags: string[]; errors: E },
): { method: D['method']; url: D['path']; schema: RouteSchema<D, E> } {
  const schema: Record<string, unknown> = { tags };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  schema.response = route.response ? { [route.status ?? 200]: route.response, ...errors } : errors;
  return { method: route.method, url: route.path, schema: schema as unknown as RouteSchema<D, E> };
}
