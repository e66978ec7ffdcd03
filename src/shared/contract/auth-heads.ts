import type { RouteSpec } from './route';

type Head = Pick<RouteSpec, 'method' | 'path'>;

/**
 * Method and path of the routes the login page's entry file calls, without their zod schemas: the
 * contract spreads them into `authApi` and `ssoApi`, and the web reads them here so that the entry
 * file does not load zod.
 */
export const authHeads = {
  login: { method: 'POST', path: '/api/auth/login' },
  refresh: { method: 'POST', path: '/api/auth/refresh' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  session: { method: 'GET', path: '/api/auth/session' },
  capabilities: { method: 'GET', path: '/api/auth/capabilities' },
  appConfig: { method: 'GET', path: '/api/app/config' },
  ssoProviders: { method: 'GET', path: '/api/auth/sso/providers' },
  ssoExchange: { method: 'POST', path: '/api/auth/sso/exchange' },
} as const satisfies Record<string, Head>;
