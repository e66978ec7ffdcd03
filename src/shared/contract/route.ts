import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The success statuses a route answers with; 200 unless the route says otherwise. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One operation of the API: its method and path (`:name` segments for path parameters) with the zod
 * schemas of what it takes and answers. The server registers it, the web and the tests call it.
 * `response` is left out for a file download (CSV, .xlsx): its body is not JSON.
 */
export interface RouteSpec {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: SuccessStatus;
}

/** Declares an operation; the literal types of its method, path and schemas are kept. */
export function defineRoute<const D extends RouteSpec>(route: D): D {
  return route;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends in the query string, the path and the body. */
export type RouteQuery<D extends RouteSpec> = Input<D['query']>;
export type RouteParams<D extends RouteSpec> = Input<D['params']>;
export type RouteBody<D extends RouteSpec> = Input<D['body']>;
/** What the route answers on success (unknown for a file download). */
export type RouteResponse<D extends RouteSpec> = D['response'] extends z.ZodType
  ? z.output<D['response']>
  : unknown;

/** The path with its `:name` segments filled from `params` (each value URL-encoded). */
export function pathOf<D extends RouteSpec>(route: D, params?: RouteParams<D>): string {
  if (!params) return route.path;
  const values = params as Record<string, string | number>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** `path` with its query string: values as strings, undefined and null left out (as the web sends them). */
export function withQuery(path: string, query?: object): string {
  const pairs = Object.entries(query ?? {}).flatMap(([k, v]) =>
    v === undefined || v === null ? [] : [[k, String(v)]],
  );
  return pairs.length ? `${path}?${new URLSearchParams(pairs)}` : path;
}

/** A contract route's URL: its path with the parameters filled in, then the query string. */
export function urlOf<D extends RouteSpec>(
  route: D,
  { params, query }: { params?: RouteParams<D>; query?: RouteQuery<D> } = {},
): string {
  return withQuery(pathOf(route, params), query as object | undefined);
}
