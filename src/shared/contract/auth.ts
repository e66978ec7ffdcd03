import { z } from 'zod';
import { CapabilitiesSchema } from './capabilities';

export const LoginBody = z.object({
  /** Account username. */
  username: z.string().trim().min(1).max(200),
  /** Account password. */
  password: z.string().min(1).max(500),
});

export const LoginResponse = z.object({
  /** Opaque session token: send it as `Authorization: Bearer <token>` or `X-Authorization`. */
  token: z.string(),
  /** The signed-in user's id. */
  userId: z.number().int(),
  /** Session id (not secret). */
  sessionId: z.string(),
  /** When the token expires unless used or refreshed (idle timeout 30 minutes). */
  expiresAt: z.string(),
});

export const RefreshResponse = LoginResponse;

export const InstitutionSummary = z.object({
  /** Institution id. */
  orgId: z.number().int(),
  /** Display name as stored (the UI shows it uppercased). */
  displayName: z.string(),
  /** Parent organisation's name. */
  organizationName: z.string().nullable(),
});

export const PlaUrls = z.object({
  help: z.string(),
  terms: z.string(),
  privacy: z.string(),
  account: z.string(),
  console: z.string(),
});

export const SessionResponse = z.object({
  /** The token this request was made with. */
  token: z.string(),
  userId: z.number().int(),
  sessionId: z.string(),
  expiresAt: z.string(),
  /** Profile of the signed-in user. */
  user: z.object({
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    locale: z.string().nullable(),
  }),
  superAdmin: z.boolean(),
  associateSuperAdmin: z.boolean(),
  nasupport: z.boolean(),
  internalUser: z.boolean(),
  /** Institutions the user belongs to (flag holders and internal users may still search all). */
  institutions: z.array(InstitutionSummary),
  /** Capabilities per institution the user belongs to, keyed by orgId; `default` when none chosen. */
  userPermissions: z.record(z.string(), CapabilitiesSchema),
  /** Environment links (help, terms, privacy, account, console). */
  plaUrls: PlaUrls,
});

/** Public app configuration: environment and its links. */
export const AppConfigResponse = z.object({
  env: z.enum(['dev', 'qa', 'perf', 'prod']),
  urls: PlaUrls,
  /** Locales the app ships. */
  locales: z.array(z.string()),
});

/** GET /api/auth/capabilities?organizationId= : the caller's capabilities in one institution. */
export const CapabilitiesResponse = CapabilitiesSchema.extend({
  organizationId: z.number().int(),
  /** Header tabs the caller may open in this institution. */
  tabs: z.array(z.string()),
});
