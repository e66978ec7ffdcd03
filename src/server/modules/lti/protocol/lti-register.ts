/**
 * GET /lti/register: LTI Dynamic Registration 1.0. The platform opens the institution's one-time link
 * with openid_configuration and registration_token; the tool reads the platform's configuration,
 * posts its client registration to the platform's registration_endpoint, and stores the answer as a
 * Pending registration (approved in the console) with its deployment and a tool key.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { LTI_TOOL_SCOPES } from '../../../../shared/contract/lti';
import type { Db } from '../../../db/client';
import { lmsDeployments, lmsIntegrations, ltiRegistrationLinks } from '../../../db/schema';
import { audit } from '../../../lib/audit';
import { createToolKey } from '../shared/lti-keys';
import { hashLinkToken } from '../shared/lti-link-token';
import { refuse } from './lti-reasons';

export const TOOL_CONFIG = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
export const PLATFORM_CONFIG = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const FETCH_TIMEOUT_MS = 5000;
const KINDS = ['canvas', 'blackboard', 'moodle', 'd2l', 'schoology', 'sakai'];

/** https, or http on this machine (the platform simulator in tests, a local LMS in development). */
export function isLocalOrHttps(value: unknown): URL | null {
  return platformUrl(value);
}

function platformUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password) return null;
    if (url.protocol === 'https:') return url;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      ? url
      : null;
  } catch {
    return null;
  }
}

async function fetchJson(url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw refuse('platformUnreachable');
  }
  if (!res.ok) throw refuse('platformUnreachable', `${url.pathname} answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw refuse('platformUnreachable', 'not JSON');
  return body as Record<string, unknown>;
}

/** The client registration the tool posts to the platform. */
export function toolRegistration(publicUrl: string) {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: at('/lti/login'),
    redirect_uris: [at('/lti/launch')],
    client_name: 'Courseware',
    jwks_uri: at('/lti/jwks'),
    token_endpoint_auth_method: 'private_key_jwt',
    scope: ['openid', ...LTI_TOOL_SCOPES].join(' '),
    [TOOL_CONFIG]: {
      domain: new URL(publicUrl).host,
      target_link_uri: at('/lti/launch'),
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: 'LtiDeepLinkingRequest', target_link_uri: at('/lti/launch') }],
    },
  };
}

export interface RegisterQuery {
  link?: unknown;
  openid_configuration?: unknown;
  registration_token?: unknown;
}

export async function dynamicRegistration(
  db: Db,
  q: RegisterQuery,
  ctx: { now: Date; publicUrl: string },
): Promise<{ integrationId: number }> {
  if (typeof q.link !== 'string' || q.link.length < 16 || q.link.length > 200)
    throw refuse('badRegistration');
  const tokenHash = hashLinkToken(q.link);
  const [link] = await db
    .select()
    .from(ltiRegistrationLinks)
    .where(
      and(
        eq(ltiRegistrationLinks.tokenHash, tokenHash),
        isNull(ltiRegistrationLinks.usedAt),
        gt(ltiRegistrationLinks.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  if (!link) throw refuse('badRegistration');
  const configUrl = platformUrl(q.openid_configuration);
  if (!configUrl) throw refuse('badRegistration', 'openid_configuration is not a platform URL');
  const config = await fetchJson(configUrl);
  const issuer = platformUrl(config.issuer);
  const registrationEndpoint = platformUrl(config.registration_endpoint);
  const auth = platformUrl(config.authorization_endpoint);
  const jwks = platformUrl(config.jwks_uri);
  // The configuration must come from the issuer's own host (Dynamic Registration 1.0 §3.5.1).
  if (!issuer || !registrationEndpoint || !auth || !jwks || issuer.host !== configUrl.host)
    throw refuse('badRegistration', 'incomplete platform configuration');
  const token = typeof q.registration_token === 'string' ? q.registration_token.slice(0, 4000) : '';
  const answer = await fetchJson(registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(toolRegistration(ctx.publicUrl)),
  });
  const clientId = typeof answer.client_id === 'string' ? answer.client_id.slice(0, 255) : '';
  if (!clientId) throw refuse('platformUnreachable', 'no client_id in the answer');
  const toolConfig = (answer[TOOL_CONFIG] ?? {}) as Record<string, unknown>;
  const deploymentId =
    typeof toolConfig.deployment_id === 'string' ? toolConfig.deployment_id.slice(0, 255) : null;
  const platform = (config[PLATFORM_CONFIG] ?? {}) as Record<string, unknown>;
  const family =
    typeof platform.product_family_code === 'string' ? platform.product_family_code.toLowerCase() : '';
  const lmsKind =
    KINDS.find((k) => family.includes(k === 'd2l' ? 'desire2learn' : k)) ??
    (family.includes('brightspace') ? 'd2l' : 'other');
  const tokenUrl = platformUrl(config.token_endpoint);

  const values = {
    lmsKind,
    name: siteName(config, platform, issuer),
    issuer: String(config.issuer), // exactly as the platform's id_tokens will name it
    clientId,
    authLoginUrl: auth.toString(),
    authTokenUrl: tokenUrl?.toString() ?? null,
    keysetUrl: jwks.toString(),
  };
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(ltiRegistrationLinks)
      .set({ usedAt: ctx.now })
      .where(and(eq(ltiRegistrationLinks.id, link.id), isNull(ltiRegistrationLinks.usedAt)))
      .returning({ id: ltiRegistrationLinks.id });
    if (!used) throw refuse('badRegistration', 'link used meanwhile');
    const [existing] = await tx
      .select()
      .from(lmsIntegrations)
      .where(and(eq(lmsIntegrations.issuer, values.issuer), eq(lmsIntegrations.clientId, clientId)))
      .for('update');
    // the same platform again through another institution's link: not that institution's to change
    if (existing && existing.institutionId !== link.institutionId)
      throw refuse('badRegistration', 'this issuer and client id belong to another institution');
    const id = existing
      ? await updateRegistration(tx, existing, values, deploymentId, link.institutionId)
      : await insertRegistration(tx, values, deploymentId, link.institutionId);
    await tx
      .update(ltiRegistrationLinks)
      .set({ integrationId: id })
      .where(eq(ltiRegistrationLinks.id, link.id));
    return { integrationId: id };
  });
}

type RegistrationValues = Pick<
  typeof lmsIntegrations.$inferInsert,
  'lmsKind' | 'name' | 'issuer' | 'clientId' | 'authLoginUrl' | 'authTokenUrl' | 'keysetUrl'
>;

/** The platform's site name when its configuration gives one, else its host (e.g. "moodle.school.edu"). */
function siteName(config: Record<string, unknown>, platform: Record<string, unknown>, issuer: URL) {
  for (const v of [platform.site_name, platform.name, config.site_name, config.client_name])
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 120);
  return issuer.host.slice(0, 120);
}

async function insertRegistration(
  tx: Db,
  values: RegistrationValues,
  deploymentId: string | null,
  institutionId: number,
) {
  const [reg] = await tx
    .insert(lmsIntegrations)
    .values({ ...values, institutionId, deploymentId, status: 'pending' })
    .returning();
  if (deploymentId)
    await tx.insert(lmsDeployments).values({ integrationId: reg.id, deploymentId, institutionId });
  await createToolKey(tx, reg.id);
  const { id: _id, ...after } = reg;
  await audit(tx, null, {
    action: 'lti.registration.dynamic',
    entityType: 'lms_integration',
    entityId: reg.id,
    institutionId,
    before: null,
    after: { ...after, deploymentIds: deploymentId ? [deploymentId] : [] },
  });
  return reg.id;
}

/**
 * A registration again from the same platform (issuer + client id, as Moodle's "Update" does): the
 * stored one takes the platform's new URLs and name and any new deployment; its status, keys and
 * pairings stay. The audit row lists what changed.
 */
async function updateRegistration(
  tx: Db,
  existing: typeof lmsIntegrations.$inferSelect,
  values: RegistrationValues,
  deploymentId: string | null,
  institutionId: number,
) {
  const changed = (Object.keys(values) as (keyof RegistrationValues)[]).filter(
    (k) => existing[k] !== values[k],
  );
  await tx.update(lmsIntegrations).set(values).where(eq(lmsIntegrations.id, existing.id));
  let addedDeployment: string | null = null;
  if (deploymentId) {
    const [row] = await tx
      .insert(lmsDeployments)
      .values({ integrationId: existing.id, deploymentId, institutionId })
      .onConflictDoNothing()
      .returning({ id: lmsDeployments.id });
    if (row) addedDeployment = deploymentId;
  }
  await audit(tx, null, {
    action: 'lti.registration.reregister',
    entityType: 'lms_integration',
    entityId: existing.id,
    institutionId: existing.institutionId,
    before: Object.fromEntries(changed.map((k) => [k, existing[k]])),
    after: {
      ...Object.fromEntries(changed.map((k) => [k, values[k]])),
      ...(addedDeployment ? { addedDeployment } : {}),
    },
  });
  return existing.id;
}
