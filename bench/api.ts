/**
 * Contract routes as the benches send them: the method and path come from `src/shared/contract`, the
 * input is typed by it, and each bench keeps its own client (inject, fetch, a keep-alive agent).
 */
import {
  type HttpMethod,
  urlOf,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
} from '../src/shared/contract/route';

/** A contract route's path parameters, query and JSON body. */
export interface RouteInput<D extends RouteSpec> {
  params?: RouteParams<D>;
  query?: RouteQuery<D>;
  body?: RouteBody<D>;
}

/** What a bench's client sends: `url` is the path with its query string, `body` the JSON to send. */
export interface RouteRequest {
  method: HttpMethod;
  url: string;
  body?: object;
}

/** The request of a contract route (query values as strings, undefined and null left out, as the web sends them). */
export function routeRequest<D extends RouteSpec>(
  route: D,
  { params, query, body }: RouteInput<D> = {},
): RouteRequest {
  return { method: route.method, url: urlOf(route, { params, query }), body: body as object | undefined };
}

/** A bench's client turned into one that takes a contract route and its input. */
export function routeCaller<R>(send: (request: RouteRequest) => Promise<R>) {
  return <D extends RouteSpec>(route: D, input?: RouteInput<D>) => send(routeRequest(route, input));
}
