import {
  pathOf,
  withQuery,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type RouteSpec,
} from '../../shared/contract/route';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/session-cookies';
import { readCookie } from './storage';

/** A failed call: the server's error body `{status, message, description?, fields?, refused?, params?}`, typed. */
export class ApiError extends Error implements ErrorBody {
  readonly status: number;
  readonly description?: string;
  readonly fields?: Record<string, string>;
  readonly refused?: ErrorBody['refused'];
  readonly params?: ErrorBody['params'];

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.description = body.description;
    this.fields = body.fields;
    this.refused = body.refused;
    this.params = body.params;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Give up after this many milliseconds (ApiError `error.timeout`, status 0). */
  timeoutMs?: number;
  /**
   * On 401 the user is sent to the login page, then back here.
   * Set false where a 401 is an expected answer (the login form itself).
   */
  redirectOn401?: boolean;
}

let onUnauthorized: () => void = () => {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname !== '/login') window.location.assign(loginPath(here));
};

/** The app replaces the default full-page redirect with a router navigation. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** `/login?next=<path>` for a path inside the app; anything else is dropped. */
export function loginPath(next?: string | null): string {
  const safe = safeNext(next);
  return safe && safe !== '/' ? `/login?next=${encodeURIComponent(safe)}` : '/login';
}

/** Only same-origin absolute paths may be a post-login destination (no `//host` or `/\host`). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return null;
  return next;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The generic code of an HTTP status, for answers without a JSON body (a proxy's error page, say). */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'error.badRequest',
  401: 'error.unauthenticated',
  403: 'error.accessDenied',
  404: 'error.notFound',
  409: 'error.conflict',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
  422: 'error.validation',
  429: 'error.tooManyAttempts',
  503: 'error.unavailable',
};

function codeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 400 && status < 500 ? 'error.badRequest' : 'error.server');
}

function toErrorBody(status: number, body: unknown): ErrorBody {
  if (body && typeof body === 'object' && 'message' in body) {
    const b = body as Partial<ErrorBody>;
    return {
      status: typeof b.status === 'number' ? b.status : status,
      message: typeof b.message === 'string' ? b.message : 'error.server',
      description: typeof b.description === 'string' && b.description ? b.description : undefined,
      fields: b.fields && typeof b.fields === 'object' ? b.fields : undefined,
      refused: Array.isArray(b.refused) ? b.refused : undefined,
      params: b.params && typeof b.params === 'object' ? b.params : undefined,
    };
  }
  return { status, message: codeForStatus(status) };
}

/**
 * A signal that aborts with a TimeoutError after `ms`, like AbortSignal.timeout, but on the page's
 * own setTimeout: a browser test's fake clock (page.clock) moves it, which AbortSignal.timeout ignores.
 */
function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The request timed out.', 'TimeoutError')), ms);
  return controller.signal;
}

/**
 * The headers that authenticate a call: the session cookie goes by itself; an unsafe call also
 * echoes the session's CSRF cookie, which only a page of this origin can read.
 */
function sessionHeaders(method: string): Record<string, string> {
  const csrf = method === 'GET' || method === 'HEAD' ? null : readCookie(CSRF_COOKIE);
  return csrf ? { [CSRF_HEADER]: csrf } : {};
}

/**
 * Calls the API as the signed-in browser (the session cookie) with JSON. Resolves with the parsed
 * body; throws ApiError for any non-2xx answer, for network failures (status 0, `error.network`)
 * and timeouts.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeaders(method) };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  // the server writes field messages in this language (i18n keeps <html lang> on the language shown)
  const shown = typeof document === 'undefined' ? '' : (document.documentElement?.lang ?? '');
  if (shown) headers['Accept-Language'] = shown;
  const signals = [opts.signal, opts.timeoutMs ? timeoutSignal(opts.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => !!s,
  );
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method,
      headers,
      body,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      credentials: 'same-origin',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'TimeoutError') {
      throw new ApiError({ status: 0, message: 'error.timeout' });
    }
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, message: 'error.network' });
  }
  const data = await readBody(res);
  if (res.ok) return data as T;
  const error = new ApiError(toErrorBody(res.status, data));
  if (res.status === 401 && opts.redirectOn401 !== false) onUnauthorized();
  throw error;
}

/** What a contract route is called with: its path parameters, query and body, typed by the contract. */
export type CallInput<D extends RouteSpec> = Omit<RequestOptions, 'method' | 'query' | 'body'> & {
  params?: RouteParams<D>;
  query?: RouteQuery<D>;
  body?: RouteBody<D> | FormData;
};

/** Calls a contract route: method and path come from the contract, and so does the answer's type. */
export function call<D extends RouteSpec>(route: D, input: CallInput<D> = {}): Promise<RouteResponse<D>> {
  const { params, query, ...rest } = input;
  return api<RouteResponse<D>>(pathOf(route, params), {
    ...rest,
    method: route.method,
    query: query as Query | undefined,
  });
}
