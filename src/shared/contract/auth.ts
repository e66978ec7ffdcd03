import { z } from 'zod';
import { ActAsState } from './act-as';
import { CapabilitiesSchema } from './capabilities';
import { OkResponse, OrganizationQuery, text } from './common';
import { authHeads } from './auth-heads';
import { defineRoute } from './route';

export const LoginBody = z.object({
  username: text().trim().min(1).max(200).describe('Account username.'),
  password: text().min(1).max(500).describe('Account password.'),
});

export const LoginResponse = z.object({
  token: z
    .string()
    .describe('Opaque session token: send it as `Authorization: Bearer <token>` or `X-Authorization`.'),
  userId: z.number().int().describe("The signed-in user's id."),
  sessionId: z.string().describe('Session id (not secret).'),
  expiresAt: z
    .string()
    .describe('When the token expires unless used or refreshed (idle timeout 30 minutes).'),
});

export const RefreshResponse = LoginResponse;

/** The answer of a correct password when a second step is due (no session yet). */
export const LoginSecondStep = z.object({
  step: z
    .enum(['totp', 'enrol'])
    .describe(
      '`totp`: send a code to /api/auth/login/totp; `enrol`: set up an authenticator first (/api/auth/login/enrol).',
    ),
  pendingToken: z
    .string()
    .describe('Short-lived token of this half-done sign-in (not a session); works once.'),
  expiresAt: z.string().describe('When the pending token stops working (ISO 8601; five minutes).'),
});

/** POST /api/auth/login: a session, or the second step that is due. */
export const LoginAnswer = z.union([LoginResponse, LoginSecondStep]);

export const LogoutResponse = OkResponse.extend({
  endSessionUrl: z
    .string()
    .optional()
    .describe(
      'Present after a provider sign-in whose provider offers RP-initiated logout: go there to end that session too.',
    ),
});

export const InstitutionSummary = z.object({
  orgId: z.number().int().describe('Institution id.'),
  displayName: z.string().describe('Display name as stored (the UI shows it uppercased).'),
  organizationName: z.string().nullable().describe("Parent organisation's name."),
});

export const PlaUrls = z.object({
  help: z.string().describe('URL of the help site of this environment.'),
  terms: z.string().describe('URL of the Terms of Use (footer link).'),
  privacy: z.string().describe('URL of the Privacy Policy (footer link).'),
  account: z.string().describe("URL of the user's account page in this environment."),
  console: z.string().describe('URL of the console of this environment.'),
});

export const SessionResponse = z.object({
  token: z.string().describe('The token this request was made with.'),
  userId: z.number().int().describe("The signed-in user's id."),
  sessionId: z.string().describe('Session id (not secret).'),
  expiresAt: z
    .string()
    .describe('When the token expires unless used or refreshed (ISO 8601; idle timeout 30 minutes).'),
  user: z
    .object({
      username: z.string().describe('Account username.'),
      email: z.string().describe('E-mail address.'),
      firstName: z.string().describe('First name.'),
      lastName: z.string().describe('Last name.'),
      displayName: z.string().describe('Name the header shows.'),
      locale: z
        .string()
        .nullable()
        .describe("Preferred UI locale (one of the app's locales); null when the user has not chosen one."),
    })
    .describe('Profile of the signed-in user.'),
  superAdmin: z.boolean().describe('Super administrator flag: works across every institution.'),
  associateSuperAdmin: z
    .boolean()
    .describe('Associate super administrator flag: works across every institution.'),
  nasupport: z.boolean().describe('Support flag (nasupport): works across every institution.'),
  internalUser: z
    .boolean()
    .describe("Member of the environment's internal-user group (access to all institutions)."),
  institutions: z
    .array(InstitutionSummary)
    .describe('Institutions the user belongs to (flag holders and internal users may still search all).'),
  userPermissions: z
    .record(z.string(), CapabilitiesSchema)
    .describe(
      'Capabilities per institution the user belongs to, keyed by orgId; `default` when none chosen.',
    ),
  plaUrls: PlaUrls.describe('Environment links (help, terms, privacy, account, console).'),
  actAs: ActAsState.nullable().describe(
    'Act-as in progress: the profile, flags and permissions above are then those of the acted-as user.',
  ),
});

/** Public app configuration: environment and its links. */
export const AppConfigResponse = z.object({
  env: z
    .enum(['dev', 'qa', 'perf', 'prod'])
    .describe('The environment this server runs as: dev, qa, perf or prod.'),
  urls: PlaUrls.describe('Environment links (help, terms, privacy, account, console).'),
  locales: z.array(z.string()).describe('Locales the app ships.'),
});

/** GET /api/auth/capabilities?organizationId= : the caller's capabilities in one institution. */
export const CapabilitiesResponse = CapabilitiesSchema.extend({
  organizationId: z.number().int().describe('The institution these capabilities apply to.'),
  tabs: z.array(z.string()).describe('Header tabs the caller may open in this institution.'),
});

/** Sign-in, session and the public app configuration. */
export const authApi = {
  login: defineRoute({ ...authHeads.login, body: LoginBody, response: LoginAnswer }),
  refresh: defineRoute({ ...authHeads.refresh, response: RefreshResponse }),
  logout: defineRoute({ ...authHeads.logout, response: LogoutResponse }),
  session: defineRoute({ ...authHeads.session, response: SessionResponse }),
  capabilities: defineRoute({
    ...authHeads.capabilities,
    query: OrganizationQuery,
    response: CapabilitiesResponse,
  }),
  appConfig: defineRoute({ ...authHeads.appConfig, response: AppConfigResponse }),
};
