import { z } from 'zod';
import { ActAsState } from './act-as';
import { CapabilitiesSchema } from './capabilities';
import { text } from './common';

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
