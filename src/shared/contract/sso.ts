import { z } from 'zod';
import { LoginResponse } from './auth';
import { authHeads } from './auth-heads';
import { defineRoute } from './route';

export type { SsoFailure } from '../errors';

export const SsoProvidersResponse = z.object({
  providers: z
    .array(
      z.object({
        id: z.string().describe('Provider id: GET /api/auth/sso/{id}/start begins its sign-in.'),
        name: z.string().describe('Display name: the button says "Sign in with <name>".'),
      }),
    )
    .describe('The OpenID Connect providers configured for this environment, in order.'),
});

export const SsoProviderParams = z.object({
  providerId: z.string().max(40).describe('Provider id (OIDC_<n>_ID, by default its number n).'),
});

export const SsoStartQuery = z.object({
  next: z
    .string()
    .max(2000)
    .optional()
    .describe('Where the SPA goes once signed in (a same-origin path; anything else is ignored).'),
});

export const SsoCallbackQuery = z.object({
  code: z.string().max(4000).optional().describe("The provider's authorization code."),
  state: z.string().max(200).optional().describe('The state sent with the authorization request.'),
  iss: z.string().max(2000).optional().describe("The provider's issuer (RFC 9207)."),
  error: z.string().max(200).optional().describe("The provider's error code when it refused."),
  error_description: z.string().max(2000).optional().describe("The provider's error text."),
  session_state: z.string().max(2000).optional().describe('Session state (ignored).'),
});

export const SsoExchangeBody = z.object({
  code: z
    .string()
    .min(1)
    .max(200)
    .describe('The one-time code of the /login/sso redirect (valid about a minute, once).'),
});

export const SsoExchangeResponse = LoginResponse.extend({
  next: z.string().nullable().describe('Where the sign-in was started for (a same-origin path), if any.'),
});

/** OpenID Connect sign-in: the providers, start and callback (303 redirects), the SPA's code exchange. */
export const ssoApi = {
  providers: defineRoute({ ...authHeads.ssoProviders, response: SsoProvidersResponse }),
  start: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/:providerId/start',
    params: SsoProviderParams,
    query: SsoStartQuery,
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/:providerId/callback',
    params: SsoProviderParams,
    query: SsoCallbackQuery,
  }),
  exchange: defineRoute({ ...authHeads.ssoExchange, body: SsoExchangeBody, response: SsoExchangeResponse }),
};
