/**
 * The test platform's LTI Advantage services: an OAuth 2 token endpoint that accepts a
 * client_credentials grant with a private_key_jwt assertion, verified against the tool's key set
 * cached as a platform would (kept for the max-age the tool sends), and an NRPS membership endpoint
 * with paging (Link rel="next") and a differences link.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';

export interface NrpsMemberFixture {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
}

export interface PlatformServices {
  /** The tool's /lti/jwks URL (set by the test). */
  toolJwksUrl: string;
  /** The client id the token endpoint accepts (aud/iss of the assertion). */
  clientId: string;
  /** The clock of the platform's key-set cache in ms (a test moves it to let the cached copy expire). */
  clock: () => number;
  members: NrpsMemberFixture[];
  /** Members answered by the differences URL (null: it is not offered). */
  differences: NrpsMemberFixture[] | null;
  pageSize: number;
  /** The platform refuses the NRPS scope (invalid_scope). */
  refuseScope: boolean;
  /** Every endpoint answers 503 (the platform is down). */
  down: boolean;
  /** The membership endpoint is down from this page on (0-based; null: never). */
  downFromPage: number | null;
  /** Tokens handed out; clear it to expire them all. */
  tokens: Set<string>;
  /** kid of each accepted assertion, and the reason of each refused one. */
  assertions: { kid: string | undefined; refused: string | null }[];
  /** Times the platform fetched the tool's key set. */
  toolJwksFetches: number;
  /** Membership page requests (their page numbers). */
  pageRequests: number[];
  /** The platform's cached copy of the tool's key set. */
  jwksCache: { url: string; set: JSONWebKeySet; until: number } | null;
}

export function newServices(): PlatformServices {
  return {
    toolJwksUrl: '',
    clientId: '',
    clock: () => Date.now(),
    members: [],
    differences: null,
    pageSize: 2,
    refuseScope: false,
    down: false,
    downFromPage: null,
    tokens: new Set(),
    assertions: [],
    toolJwksFetches: 0,
    pageRequests: [],
    jwksCache: null,
  };
}

/** The tool's key set as a platform caches it: refetched only once the max-age it was sent with has passed. */
async function toolKeys(s: PlatformServices): Promise<JSONWebKeySet> {
  const cached = s.jwksCache;
  if (cached && cached.url === s.toolJwksUrl && cached.until > s.clock()) return cached.set;
  const res = await fetch(s.toolJwksUrl);
  s.toolJwksFetches++;
  const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1] ?? 0);
  const set = (await res.json()) as JSONWebKeySet;
  s.jwksCache = { url: s.toolJwksUrl, set, until: s.clock() + maxAge * 1000 };
  return set;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

type Json = (status: number, body: unknown, headers?: Record<string, string>) => void;

async function token(s: PlatformServices, url: URL, req: IncomingMessage, json: Json) {
  const form = await readForm(req);
  if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
  try {
    const { protectedHeader } = await jwtVerify(
      form.get('client_assertion') ?? '',
      createLocalJWKSet(await toolKeys(s)),
      { issuer: s.clientId, subject: s.clientId, audience: url.toString() },
    );
    s.assertions.push({ kid: protectedHeader.kid, refused: null });
  } catch (err) {
    s.assertions.push({ kid: undefined, refused: (err as Error).name });
    return json(401, { error: 'invalid_client' });
  }
  const scopes = (form.get('scope') ?? '').split(' ');
  if (s.refuseScope || !scopes.some((x) => x.includes('lti-nrps')))
    return json(400, { error: 'invalid_scope' });
  const accessToken = randomUUID();
  s.tokens.add(accessToken);
  return json(200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: 3600,
    scope: scopes.join(' '),
  });
}

function memberships(s: PlatformServices, url: URL, req: IncomingMessage, json: Json) {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer || !s.tokens.has(bearer)) return json(401, { error: 'invalid_token' });
  const diff = url.searchParams.has('since');
  const list = diff ? (s.differences ?? []) : s.members;
  const page = Number(url.searchParams.get('page') ?? 0);
  s.pageRequests.push(page);
  if (s.downFromPage !== null && page >= s.downFromPage) return json(503, { error: 'unavailable' });
  const members = list.slice(page * s.pageSize, (page + 1) * s.pageSize);
  const at = (q: Record<string, string>) => {
    const u = new URL(url.pathname, url);
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
    return u.toString();
  };
  const links: string[] = [];
  const base: Record<string, string> = diff ? { since: url.searchParams.get('since') ?? '' } : {};
  if ((page + 1) * s.pageSize < list.length)
    links.push(`<${at({ ...base, page: String(page + 1) })}>; rel="next"`);
  else if (s.differences) links.push(`<${at({ since: String(s.clock()) })}>; rel="differences"`);
  json(
    200,
    { id: url.toString(), context: { id: url.pathname.split('/').pop() }, members },
    {
      'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      ...(links.length ? { link: links.join(', ') } : {}),
    },
  );
}

/** Answers /token and /nrps/<context>; false when the path is neither. */
export async function serveServices(
  s: PlatformServices,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (url.pathname !== '/token' && !url.pathname.startsWith('/nrps/')) return false;
  const json: Json = (status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (s.down) json(503, { error: 'unavailable' });
  else if (url.pathname === '/token' && req.method === 'POST') await token(s, url, req, json);
  else memberships(s, url, req, json);
  return true;
}
