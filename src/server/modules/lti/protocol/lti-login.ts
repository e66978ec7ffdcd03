/** GET and POST /lti/login: third-party initiated login (OIDC), state and nonce kept in the database. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lmsDeployments, lmsIntegrations, ltiOidcStates } from '../../../db/schema';
import { type LaunchFacts, onOwnHost, type Registration, STATE_MINUTES } from './lti-claims';
import { refuse } from './lti-reasons';

export interface LoginParams {
  iss?: unknown;
  login_hint?: unknown;
  target_link_uri?: unknown;
  lti_message_hint?: unknown;
  client_id?: unknown;
  lti_deployment_id?: unknown;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= 2000 ? v : null;
const token = () => randomBytes(32).toString('base64url');

/** Cookie naming the login's state; the launch checks it when the browser sends it back. */
export const stateCookie = (state: string) => `lti_state_${state.slice(0, 16)}`;

/**
 * Checks the login request against a registration, stores a one-time state and nonce (10 minutes)
 * and answers the platform auth URL to redirect to.
 */
export async function startLogin(
  db: Db,
  params: LoginParams,
  ctx: { now: Date; publicUrl: string },
  facts: LaunchFacts,
): Promise<{ location: string; state: string; registration: Registration }> {
  const iss = str(params.iss);
  const loginHint = str(params.login_hint);
  const target = str(params.target_link_uri);
  const clientId = str(params.client_id);
  const deploymentId = str(params.lti_deployment_id);
  facts.issuer = iss;
  facts.deploymentId = deploymentId;
  facts.clientId = clientId;
  if (!iss || !loginHint || !target) throw refuse('badLoginRequest');
  const regs = await db.select().from(lmsIntegrations).where(eq(lmsIntegrations.issuer, iss));
  if (regs.length === 0) throw refuse('unknownIssuer');
  const registration = clientId
    ? regs.find((r) => r.clientId === clientId)
    : regs.length === 1
      ? regs[0]
      : undefined;
  if (!registration) throw refuse(clientId ? 'badAudience' : 'badLoginRequest');
  facts.registration = registration;
  facts.clientId = registration.clientId;
  facts.integrationId = registration.id;
  facts.institutionId = registration.institutionId;
  if (registration.status === 'pending') throw refuse('registrationPending');
  if (registration.status !== 'active') throw refuse('registrationDisabled');
  if (!registration.authLoginUrl) throw refuse('badLoginRequest', 'registration has no auth URL');
  if (deploymentId) {
    const [dep] = await db
      .select({ institutionId: lmsDeployments.institutionId })
      .from(lmsDeployments)
      .where(
        and(eq(lmsDeployments.integrationId, registration.id), eq(lmsDeployments.deploymentId, deploymentId)),
      )
      .limit(1);
    if (!dep) throw refuse('unknownDeployment');
    facts.institutionId = dep.institutionId;
  }
  if (!onOwnHost(target, ctx.publicUrl)) throw refuse('badTargetLink');

  const state = token();
  const nonce = token();
  await db.insert(ltiOidcStates).values({
    state,
    nonce,
    integrationId: registration.id,
    deploymentId,
    targetLinkUri: target,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + STATE_MINUTES * 60_000),
  });
  const url = new URL(registration.authLoginUrl);
  const q = url.searchParams;
  q.set('scope', 'openid');
  q.set('response_type', 'id_token');
  q.set('response_mode', 'form_post');
  q.set('prompt', 'none');
  q.set('client_id', registration.clientId);
  q.set('redirect_uri', new URL('/lti/launch', ctx.publicUrl).toString());
  q.set('login_hint', loginHint);
  const messageHint = str(params.lti_message_hint);
  if (messageHint) q.set('lti_message_hint', messageHint);
  q.set('state', state);
  q.set('nonce', nonce);
  return { location: url.toString(), state, registration };
}
