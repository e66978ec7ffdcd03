import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

/**
 * A real OpenID Connect provider (oidc-provider, OpenID-certified) on a free local port: the IdP of
 * the SSO tests and of `npm start -- --demo-idp`. Its sign-in page lists its accounts as buttons
 * (no passwords); `signIn` drives that page over HTTP as a browser would.
 */
export interface IdpAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface OidcIdpOptions {
  accounts: IdpAccount[];
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  /** Port to listen on (0: a free one). */
  port?: number;
  /** Host name in the issuer URL (127.0.0.1 by default). */
  host?: string;
  /** Title of the sign-in page. */
  title?: string;
}

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts, by subject; tests may change one between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /**
   * Follows an authorization URL through the sign-in page as `sub` and returns the URL the provider
   * redirects the browser to (the app's redirect URI with code, state and iss).
   */
  signIn(authorizationUrl: string, sub: string): Promise<string>;
  close(): Promise<void>;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, uid: string, accounts: IdpAccount[]) {
  const buttons = accounts
    .map(
      (a) =>
        `<li><button name="account" value="${html(a.sub)}">${html(
          [a.givenName, a.familyName].filter(Boolean).join(' ') || a.sub,
        )}</button> <small>${html(a.email ?? '')}</small></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${html(title)}</title><style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
li{margin:.5rem 0;list-style:none}button{font-size:1rem;padding:.4rem .8rem}</style></head>
<body><main><h1>${html(title)}</h1><p>Choose who signs in (no password: a demo identity provider).</p>
<form method="post" action="/interaction/${html(uid)}/login"><ul>${buttons}</ul></form></main></body></html>`;
}

async function readForm(req: IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

export async function startOidcIdp(opts: OidcIdpOptions): Promise<OidcIdp> {
  const { default: Provider } = await import('oidc-provider');
  const clientId = opts.clientId ?? 'courseware-admin';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${opts.host ?? '127.0.0.1'}:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'idp-1' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: a.email,
          email_verified: a.emailVerified,
          given_name: a.givenName,
          family_name: a.familyName,
          name: [a.givenName, a.familyName].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    // A first-party app: no consent screen; every sign-in is granted the scopes it asks for.
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string };
        result?: { consent?: { grantId?: string } };
      };
    }) => {
      const id = ctx.oidc.result?.consent?.grantId;
      const found = id ? await provider.Grant.find(id) : undefined;
      if (found) return found;
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><title>Error</title><h1>${html(out.error ?? 'error')}</h1><p>${html(out.error_description ?? '')}</p></html>`;
    },
  });
  const callback = provider.callback();

  handle = (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const m = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
    if (!m) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!m[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(page(opts.title ?? 'Test identity provider', details.uid, [...accounts.values()]));
          return;
        }
        const accountId = (await readForm(req)).get('account') ?? '';
        const result = accounts.has(accountId)
          ? { login: { accountId } }
          : { error: 'access_denied', error_description: 'unknown account' };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String((err as Error).message));
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn: (url, sub) => driveSignIn(url, sub),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The browser's part of a sign-in at this provider: a cookie jar and manual redirects. */
async function driveSignIn(authorizationUrl: string, sub: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) {
      throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
    }
    return new URL(location, url).href;
  };
  const interaction = await send(authorizationUrl);
  const resume = await send(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: sub }).toString(),
  });
  return send(resume);
}
