import { createHash, randomBytes } from 'node:crypto';
import type * as oidc from 'openid-client';
import type { SsoFailure } from '../../../shared/contract/sso';
import type { Config } from '../../config';
import type { OidcProvider } from '../../config-sso';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { OpenSession } from '../auth';
import * as q from './sso.queries';
import { isNetworkFailure, openidClient, providerConfig, SCOPES } from './sso.providers';

/** How long the provider may take to answer an authorization request. */
const REQUEST_TTL_MS = 10 * 60_000;
/** How long the SPA has to exchange its one-time code. */
const HANDOFF_TTL_MS = 60_000;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** A provider sign-in that ends without a session: the reason goes back to /login, the detail to the audit row. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const baseUrl = (config: Config) => config.publicUrl.replace(/\/+$/, '');
export const redirectUri = (config: Config, p: OidcProvider) =>
  `${baseUrl(config)}/api/auth/sso/${encodeURIComponent(p.id)}/callback`;

/** Same rule as the SPA's: only a same-origin absolute path, never /login itself. */
export function safeNext(next: string | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return null;
  return next;
}

export function findProvider(config: Config, id: string) {
  return config.sso.providers.find((p) => p.id === id);
}

/** A value that identifies the browser: a fresh one unless it sent a well-formed one. */
export const browserValue = (sent: string | undefined) =>
  sent && /^[A-Za-z0-9_-]{43}$/.test(sent) ? sent : random();

async function refuse(
  db: Db,
  provider: OidcProvider,
  reason: SsoFailure,
  detail: string,
  who: { userId?: number; subject?: string; email?: string } = {},
): Promise<never> {
  await audit(db, who.userId ? { userId: who.userId } : null, {
    action: 'login.sso',
    entityType: 'identity',
    entityId: provider.id,
    outcome: reason === 'ssoUnavailable' ? 'failed' : 'denied',
    after: {
      provider: provider.id,
      issuer: provider.issuer,
      reason,
      detail,
      subject: who.subject,
      email: who.email,
    },
  });
  throw new SsoRefusal(reason, detail);
}

/** Step 1: the provider's authorization URL (code flow, PKCE S256, state, nonce); the request is kept for the callback. */
export async function startSignIn(
  db: Db,
  config: Config,
  provider: OidcProvider,
  input: { next?: string; browser: string; now: Date },
) {
  let cfg: oidc.Configuration;
  try {
    cfg = await providerConfig(provider);
  } catch (err) {
    return refuse(db, provider, 'ssoUnavailable', (err as Error).message);
  }
  const client = await openidClient();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await q.purgeExpired(db, input.now);
  await q.insertRequest(db, {
    stateHash: sha256(state),
    providerId: provider.id,
    codeVerifier,
    nonce,
    browserHash: sha256(input.browser),
    next: safeNext(input.next),
    expiresAt: new Date(input.now.getTime() + REQUEST_TTL_MS),
  });
  return client.buildAuthorizationUrl(cfg, {
    redirect_uri: redirectUri(config, provider),
    scope: SCOPES,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).href;
}

interface CallbackInput {
  /** The callback URL as the browser requested it. */
  url: URL;
  state?: string;
  error?: string;
  browser?: string;
  now: Date;
}

/**
 * Step 2, the provider's answer: checks state (single use, this browser, in time), redeems the code
 * with the PKCE verifier, checks the ID token (signature from the provider's keys, issuer, audience,
 * nonce), then finds or links the account. Returns the one-time code the SPA exchanges.
 */
export async function finishSignIn(db: Db, config: Config, provider: OidcProvider, input: CallbackInput) {
  const request = input.state ? await q.takeRequest(db, sha256(input.state), input.now) : undefined;
  if (!request || request.providerId !== provider.id) {
    return refuse(db, provider, 'ssoFailed', 'unknown or used state');
  }
  if (request.expiresAt <= input.now)
    return refuse(db, provider, 'ssoFailed', 'authorization request expired');
  if (!input.browser || sha256(input.browser) !== request.browserHash) {
    return refuse(db, provider, 'ssoFailed', 'started in another browser');
  }
  if (input.error) return refuse(db, provider, 'ssoFailed', `provider answered ${input.error.slice(0, 100)}`);

  let claims: oidc.IDToken;
  let idToken: string | undefined;
  try {
    const cfg = await providerConfig(provider);
    const client = await openidClient();
    const tokens = await client.authorizationCodeGrant(
      cfg,
      input.url,
      {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: input.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: redirectUri(config, provider) },
    );
    claims = tokens.claims()!;
    idToken = tokens.id_token;
    // Providers that keep the ID token small (oidc-provider, Entra with some settings) give the
    // e-mail at the userinfo endpoint only.
    if (claims.email === undefined && tokens.access_token) {
      const info = await client.fetchUserInfo(cfg, tokens.access_token, claims.sub);
      claims = { ...claims, ...pick(info) };
    }
  } catch (err) {
    const e = err as Error & { code?: string; error?: string };
    if (isNetworkFailure(err)) return refuse(db, provider, 'ssoUnavailable', e.message);
    const claim = refusedClaim(err) && `claim ${refusedClaim(err)}`;
    return refuse(db, provider, 'ssoFailed', [e.code, e.error, claim, e.message].filter(Boolean).join(': '));
  }
  const subject = claims.sub;
  const email = typeof claims.email === 'string' ? claims.email.trim() : undefined;
  const user = await accountFor(db, config, provider, claims.iss, subject, email, claims);

  await q.touchIdentity(db, claims.iss, subject, input.now);
  const code = random();
  await q.insertHandoff(db, {
    codeHash: sha256(code),
    userId: user.id,
    providerId: provider.id,
    issuer: claims.iss,
    idToken,
    browserHash: request.browserHash,
    next: request.next,
    expiresAt: new Date(input.now.getTime() + HANDOFF_TTL_MS),
  });
  return code;
}

/** The ID token claim a check refused (openid-client keeps it in the error's cause chain). */
function refusedClaim(err: unknown): string | undefined {
  for (let e = err as { cause?: unknown; claim?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.claim === 'string') return e.claim;
    e = e.cause as typeof e;
  }
  return undefined;
}

const PROFILE_CLAIMS = ['email', 'email_verified', 'given_name', 'family_name'] as const;
const pick = (info: oidc.UserInfoResponse): Partial<oidc.IDToken> =>
  Object.fromEntries(PROFILE_CLAIMS.filter((k) => info[k] !== undefined).map((k) => [k, info[k]]));

/** The account of (issuer, subject): linked before, else the active account with the verified e-mail, else a new one if allowed. */
async function accountFor(
  db: Db,
  config: Config,
  provider: OidcProvider,
  issuer: string,
  subject: string,
  email: string | undefined,
  claims: oidc.IDToken,
) {
  const linked = await q.findIdentity(db, issuer, subject);
  if (linked) {
    if (linked.status !== 'active') {
      return refuse(db, provider, 'ssoAccountDisabled', `account ${linked.status}`, {
        userId: linked.id,
        subject,
      });
    }
    return linked;
  }
  if (!email || claims.email_verified !== true) {
    return refuse(db, provider, 'ssoEmailUnverified', 'e-mail missing or not verified', { subject, email });
  }
  const existing = await q.findUserByEmail(db, email);
  if (existing) {
    if (existing.status === 'disabled') {
      return refuse(db, provider, 'ssoAccountDisabled', 'account disabled', {
        userId: existing.id,
        subject,
        email,
      });
    }
    if (existing.status !== 'active') {
      return refuse(db, provider, 'ssoNoAccount', `account ${existing.status}`, {
        userId: existing.id,
        subject,
        email,
      });
    }
    return db.transaction(async (tx) => {
      await q.linkIdentity(tx, { issuer, subject, userId: existing.id, email });
      await audit(
        tx,
        { userId: existing.id },
        {
          action: 'identity.link',
          entityType: 'user',
          entityId: existing.id,
          after: { provider: provider.id, issuer, subject, email },
        },
      );
      return existing;
    });
  }
  const domain = email.split('@').pop()!.toLowerCase();
  if (!config.sso.createAccountDomains.includes(domain)) {
    return refuse(db, provider, 'ssoNoAccount', 'no account with this e-mail', { subject, email });
  }
  return db.transaction(async (tx) => {
    const username = (await q.usernameTaken(tx, email)) ? `${email}#${subject}`.slice(0, 200) : email;
    const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
    const created = await q.insertAccount(tx, {
      username,
      email,
      firstName: str(claims.given_name) || email.split('@')[0],
      lastName: str(claims.family_name),
      passwordHash: null,
      status: 'active',
    });
    await q.linkIdentity(tx, { issuer, subject, userId: created.id, email });
    await audit(
      tx,
      { userId: created.id },
      {
        action: 'user.create',
        entityType: 'user',
        entityId: created.id,
        after: { username, email, via: 'sso', provider: provider.id, issuer, subject },
      },
    );
    return created;
  });
}

/** Step 3: the SPA's one-time code becomes its session, opened as a password sign-in opens one. */
export async function exchangeHandoff(
  db: Db,
  openSession: OpenSession,
  input: { code: string; browser?: string; ip: string; userAgent?: string; now: Date },
) {
  const handoff = await q.takeHandoff(db, sha256(input.code), input.now);
  if (!handoff || !input.browser || sha256(input.browser) !== handoff.browserHash) {
    throw new AppError('error.ssoCodeInvalid', 'This sign-in link has expired or was already used.');
  }
  const session = await openSession(db, {
    userId: handoff.userId,
    ip: input.ip,
    userAgent: input.userAgent,
    via: { method: 'sso', provider: handoff.providerId, issuer: handoff.issuer },
  });
  await q.attachSession(db, handoff.id, session.sessionId);
  return { ...session, next: handoff.next };
}

/**
 * Where the browser goes to end the provider's session too after signing out of a session opened by
 * a provider that offers RP-initiated logout; undefined otherwise (or when the provider is down).
 */
export async function endSessionUrl(db: Db, config: Config, sessionId: string) {
  const handoff = await q.handoffOfSession(db, sessionId);
  const provider = handoff && findProvider(config, handoff.providerId);
  if (!provider) return undefined;
  try {
    const cfg = await providerConfig(provider);
    if (!cfg.serverMetadata().end_session_endpoint) return undefined;
    return (await openidClient()).buildEndSessionUrl(cfg, {
      post_logout_redirect_uri: `${baseUrl(config)}/login`,
      ...(handoff.idToken ? { id_token_hint: handoff.idToken } : { client_id: provider.clientId }),
    }).href;
  } catch {
    return undefined;
  }
}
