/**
 * An LTI 1.3 platform (LMS) simulator for tests: its own RSA keys (jose), a real HTTP server on a
 * random port serving its JWKS, an OIDC auth endpoint that answers the id_token a real platform
 * would post back, and the Dynamic Registration endpoints (openid configuration + registration).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { lmsDeployments, lmsIntegrations } from '../db/schema';
import { createToolKey } from '../modules/lti';
import { newServices, type PlatformServices, serveServices } from './lti-platform-nrps';
import { ltiProtocolApi } from '../../shared/contract/lti-protocol';

export const LTI = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  student: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  ta: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  admin: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
} as const;

interface PlatformKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(): Promise<PlatformKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface SignOptions {
  /** Header kid; null leaves it out; default the current key's kid. */
  kid?: string | null;
  /** Sign with this key instead of the current one (e.g. a key the JWKS does not publish). */
  key?: PlatformKey;
  alg?: string;
}

export interface LtiPlatform {
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  openidConfigurationUrl: string;
  registrationEndpoint: string;
  /** The token the platform expects on a registration POST. */
  registrationToken: string;
  /** The client id the platform hands out on dynamic registration. */
  dynamicClientId: string;
  /** The deployment id the platform hands out on dynamic registration. */
  dynamicDeploymentId: string;
  /** Times the JWKS was fetched. */
  jwksFetches: number;
  /** Client registrations POSTed to the registration endpoint. */
  registrations: Array<Record<string, unknown>>;
  /** Deep-linking responses posted back by the tool (their JWT's claims, unverified). */
  deepLinkResponses: JWTPayload[];
  /** Query of the last auth request. */
  lastAuthRequest?: URLSearchParams;
  /**
   * How the auth endpoint answers: 'json' (default) hands the test the id_token to post itself;
   * 'form_post' answers what a real platform sends a browser, an HTML page whose form posts
   * id_token and state to redirect_uri and submits itself.
   */
  authResponse: 'json' | 'form_post';
  /** Claims the auth endpoint puts in its id_token (besides iss/aud/nonce/iat/exp). */
  authClaims: (q: URLSearchParams) => JWTPayload;
  /** Token endpoint and NRPS membership service (lti-platform-nrps.ts). */
  services: PlatformServices;
  /** The NRPS membership URL of a course (context_memberships_url). */
  membershipsUrl(contextId: string): string;
  current(): PlatformKey;
  /** A key pair the JWKS does not publish. */
  strangerKey(): Promise<PlatformKey>;
  /** Adds a new key to the JWKS and signs with it from now on (the old key stays published). */
  rotate(): Promise<string>;
  sign(claims: JWTPayload, opts?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

const attr = (v: string | null) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts a platform on 127.0.0.1 at a random port. */
export async function startLtiPlatform(): Promise<LtiPlatform> {
  const keys: PlatformKey[] = [await newKey()];
  let server: Server | undefined;
  const p: LtiPlatform = {
    issuer: '',
    authUrl: '',
    tokenUrl: '',
    jwksUrl: '',
    openidConfigurationUrl: '',
    registrationEndpoint: '',
    registrationToken: `reg-${randomUUID()}`,
    dynamicClientId: `dyn-${randomUUID()}`,
    dynamicDeploymentId: `dyn-dep-${randomUUID().slice(0, 8)}`,
    jwksFetches: 0,
    registrations: [],
    deepLinkResponses: [],
    authClaims: () => ({}),
    authResponse: 'json',
    services: newServices(),
    membershipsUrl: (contextId) => `${p.issuer}/nrps/${encodeURIComponent(contextId)}`,
    current: () => keys[keys.length - 1],
    strangerKey: newKey,
    async rotate() {
      keys.push(await newKey());
      return p.current().kid;
    },
    async sign(claims, opts = {}) {
      const key = opts.key ?? p.current();
      const kid = opts.kid === undefined ? key.kid : opts.kid;
      const header = { alg: opts.alg ?? 'RS256', typ: 'JWT', ...(kid === null ? {} : { kid }) };
      return new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
    },
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };

  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', p.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (await serveServices(p.services, url, req, res)) return;
      if (url.pathname === '/jwks') {
        p.jwksFetches++;
        return json(200, { keys: keys.map((k) => k.publicJwk) });
      }
      if (url.pathname === '/auth') {
        // A real platform answers an auto-submitting form to redirect_uri (authResponse 'form_post',
        // for a browser); by default the test gets the token as JSON and posts it itself.
        const q = url.searchParams;
        p.lastAuthRequest = q;
        const now = Math.floor(Date.now() / 1000);
        const idToken = await p.sign({
          iss: p.issuer,
          aud: q.get('client_id') ?? '',
          sub: q.get('login_hint') ?? 'user',
          nonce: q.get('nonce') ?? '',
          iat: now,
          exp: now + 300,
          ...p.authClaims(q),
        });
        if (p.authResponse === 'form_post') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            `<!doctype html><html lang="en"><head><title>LMS</title></head><body>` +
              `<form method="post" action="${attr(q.get('redirect_uri'))}">` +
              `<input type="hidden" name="id_token" value="${attr(idToken)}">` +
              `<input type="hidden" name="state" value="${attr(q.get('state'))}">` +
              `<noscript><button type="submit">Continue</button></noscript></form>` +
              `<script>document.forms[0].submit()</script></body></html>`,
          );
          return;
        }
        return json(200, { action: q.get('redirect_uri'), id_token: idToken, state: q.get('state') });
      }
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer: p.issuer,
          authorization_endpoint: p.authUrl,
          token_endpoint: p.tokenUrl,
          jwks_uri: p.jwksUrl,
          registration_endpoint: p.registrationEndpoint,
          scopes_supported: ['openid'],
          response_types_supported: ['id_token'],
          id_token_signing_alg_values_supported: ['RS256'],
          'https://purl.imsglobal.org/spec/lti-platform-configuration': {
            product_family_code: 'moodle',
            version: '4.3',
            messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
          },
        });
      }
      if (url.pathname === '/course') {
        // an LMS course page framing the tool as Moodle does, resizing the frame on lti.frameResize
        const src = attr(url.searchParams.get('src') ?? 'about:blank');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><head><title>LMS course</title></head><body><main><h1>LMS course</h1>` +
            `<iframe id="tool" title="Courseware" src="${src}" style="width:100%;height:150px;border:1px solid #ccc"></iframe></main>` +
            `<script>window.frameHeights=[];window.addEventListener('message',function(e){var d=e.data||{};` +
            `if(d.subject==='lti.frameResize'&&d.height>0){window.frameHeights.push(d.height);document.getElementById('tool').style.height=d.height+'px';}});</script></body></html>`,
        );
        return;
      }
      if (url.pathname === '/dl-return' && req.method === 'POST') {
        const jwt = new URLSearchParams(await readBody(req)).get('JWT') ?? '';
        p.deepLinkResponses.push(decodeJwt(jwt));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><html lang="en"><head><title>LMS</title></head><body><main><h1>Content added</h1></main></body></html>',
        );
        return;
      }
      if (url.pathname === '/register' && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${p.registrationToken}`)
          return json(401, { error: 'bad token' });
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        p.registrations.push(body);
        const toolConfig = (body['https://purl.imsglobal.org/spec/lti-tool-configuration'] ?? {}) as object;
        return json(200, {
          ...body,
          client_id: p.dynamicClientId,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': {
            ...toolConfig,
            deployment_id: p.dynamicDeploymentId,
          },
        });
      }
      json(404, { error: 'not found' });
    } catch (err) {
      json(500, { error: String(err) });
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  p.issuer = `http://127.0.0.1:${port}`;
  p.authUrl = `${p.issuer}/auth`;
  p.tokenUrl = `${p.issuer}/token`;
  p.jwksUrl = `${p.issuer}/jwks`;
  p.openidConfigurationUrl = `${p.issuer}/.well-known/openid-configuration`;
  p.registrationEndpoint = `${p.issuer}/register`;
  return p;
}

/** Registers `platform` with the tool: registration, deployments → institution, a tool signing key. */
export interface RegisterOptions {
  clientId?: string;
  deploymentIds?: string[];
  status?: 'active' | 'pending' | 'disabled';
}

export async function registerPlatform(
  db: Db,
  platform: LtiPlatform,
  institutionId: number,
  opts: RegisterOptions = {},
) {
  const clientId = opts.clientId ?? `tool-${randomUUID().slice(0, 8)}`;
  const deploymentIds = opts.deploymentIds ?? ['dep-1'];
  const [reg] = await db
    .insert(lmsIntegrations)
    .values({
      institutionId,
      lmsKind: 'moodle',
      name: `Simulated LMS ${clientId}`,
      issuer: platform.issuer,
      clientId,
      deploymentId: deploymentIds[0] ?? null,
      authLoginUrl: platform.authUrl,
      authTokenUrl: platform.tokenUrl,
      keysetUrl: platform.jwksUrl,
      status: opts.status ?? 'active',
    })
    .returning();
  for (const deploymentId of deploymentIds)
    await db.insert(lmsDeployments).values({ integrationId: reg.id, deploymentId, institutionId });
  await createToolKey(db, reg.id);
  return reg;
}

/** Claims of a valid resource-link launch (without iss/aud/nonce/iat/exp). */
export function launchClaims(
  toolUrl: string,
  o: { deploymentId?: string; contextId?: string; roles?: string[]; sub?: string } = {},
): JWTPayload {
  return {
    sub: o.sub ?? `user-${randomUUID()}`,
    [LTI.messageType]: 'LtiResourceLinkRequest',
    [LTI.version]: '1.3.0',
    [LTI.deploymentId]: o.deploymentId ?? 'dep-1',
    [LTI.targetLinkUri]: new URL(ltiProtocolApi.launch.path, toolUrl).toString(),
    [LTI.resourceLink]: { id: 'rl-1', title: 'Chapter 1' },
    [LTI.roles]: o.roles ?? [ROLE.instructor],
    [LTI.context]: { id: o.contextId ?? 'course-1', label: 'BIO 101', title: 'Biology 101' },
  };
}
