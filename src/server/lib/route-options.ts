import type { z } from 'zod';
import type { RouteSpec } from '../../shared/contract/route';

type Status<D extends RouteSpec> = D['status'] extends number ? D['status'] : 200;
type Responses<D extends RouteSpec, E> = D['response'] extends z.ZodType
  ? Record<Status<D>, D['response']> & E
  : E;

/** What the OpenAPI document says of an operation besides its schemas (the contract holds no prose). */
export interface RouteDoc {
  description?: string;
  summary?: string;
  /** Content types of a download or an upload. */
  produces?: string[];
  consumes?: string[];
  /** `[]` for an endpoint that takes no session (the LTI protocol). */
  security?: [];
}

/** The schema Fastify validates and documents a contract route with (what it leaves out stays out). */
export interface RouteSchema<D extends RouteSpec, E> extends RouteDoc {
  tags: string[];
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: Responses<D, E>;
}

/**
 * The method, URL and schema of a contract route, for `app.route({ ...routeOptions(…), config, handler })`:
 * the handler's request and answer are typed from the contract, and the path is written only there.
 * A route with no answer schema at all (a redirect) keeps none, so the document shows its default.
 */
export function routeOptions<const D extends RouteSpec, E extends Record<number, z.ZodType>>(
  route: D,
  { tags, errors }: { tags: string[]; errors: E },
  doc: RouteDoc = {},
): { method: D['method']; url: D['path']; schema: RouteSchema<D, E> } {
  const schema: Record<string, unknown> = { tags, ...doc };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  const response = route.response ? { [route.status ?? 200]: route.response, ...errors } : errors;
  if (Object.keys(response).length > 0) schema.response = response;
  return { method: route.method, url: route.path, schema: schema as unknown as RouteSchema<D, E> };
}
