/**
 * The LTI 1.3 protocol endpoints (/lti/*): what the platform and the browser send them. The fields
 * are loose (a platform may send more) and every one is optional: a missing or odd field is a
 * refusal page with its reason code, never a 400 from the schema (the routes read a failed
 * validation as an empty form).
 */
import { z } from 'zod';
import { defineRoute } from './route';

/** Longest value a protocol field may carry (an id_token is a few kilobytes). */
const field = () => z.string().max(20_000);

/** GET (query) and POST (form) /lti/login: third-party initiated login. */
export const LtiLoginFields = z.looseObject({
  iss: field().optional().describe('Issuer of the platform (registration issuer).'),
  login_hint: field()
    .optional()
    .describe('Opaque user hint from the platform, passed back to its auth endpoint.'),
  target_link_uri: field().optional().describe('Where the launch should land; must be on this tool.'),
  lti_message_hint: field()
    .optional()
    .describe('Opaque message hint from the platform, passed back unchanged.'),
  client_id: field().optional().describe('Client id of the registration (several registrations per issuer).'),
  lti_deployment_id: field().optional().describe('Deployment the launch comes from.'),
});
export type LtiLoginFields = z.infer<typeof LtiLoginFields>;

/** POST /lti/launch (form_post from the platform). */
export const LtiLaunchBody = z.looseObject({
  id_token: field().optional().describe('The platform-signed id_token (JWT, RS256).'),
  state: field().optional().describe('The state this tool issued at login.'),
});
export type LtiLaunchBody = z.infer<typeof LtiLaunchBody>;

/** POST /lti/pair and /lti/deep-link: a landing page's form. */
export const LtiSessionForm = z.looseObject({
  session: field().optional().describe('Launch session token from the landing page.'),
  offerId: z
    .union([field(), z.array(field()).max(50)])
    .optional()
    .describe('Chosen offer id (deep linking with accept_multiple: one or more).'),
});
export type LtiSessionForm = z.infer<typeof LtiSessionForm>;

/** GET /lti/landing */
export const LtiSessionQuery = z.looseObject({
  session: field().optional().describe('Launch session token issued by an accepted launch.'),
});

/** GET /lti/register: LTI Dynamic Registration 1.0. */
export const LtiRegisterQuery = z.looseObject({
  link: field().optional().describe('One-time dynamic-registration link token of the institution (24 h).'),
  openid_configuration: field().optional().describe("URL of the platform's OpenID configuration."),
  registration_token: field().optional().describe("Token for the platform's registration endpoint."),
});
export type LtiRegisterQuery = z.infer<typeof LtiRegisterQuery>;

/**
 * The protocol endpoints: they answer pages, redirects and the JWKS, so none has a response schema.
 * Login is both GET (query) and POST (form).
 */
export const ltiProtocolApi = {
  loginGet: defineRoute({ method: 'GET', path: '/lti/login', query: LtiLoginFields }),
  loginPost: defineRoute({ method: 'POST', path: '/lti/login', body: LtiLoginFields }),
  launch: defineRoute({ method: 'POST', path: '/lti/launch', body: LtiLaunchBody }),
  jwks: defineRoute({ method: 'GET', path: '/lti/jwks' }),
  landing: defineRoute({ method: 'GET', path: '/lti/landing', query: LtiSessionQuery }),
  pair: defineRoute({ method: 'POST', path: '/lti/pair', body: LtiSessionForm }),
  deepLink: defineRoute({ method: 'POST', path: '/lti/deep-link', body: LtiSessionForm }),
  register: defineRoute({ method: 'GET', path: '/lti/register', query: LtiRegisterQuery }),
};
