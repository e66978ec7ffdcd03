/**
 * The platform side of Names and Role Provisioning Services (NRPS 2.0): an access token by OAuth 2
 * client_credentials with a private_key_jwt assertion signed by the tool's key, then the membership
 * container page by page (Link rel="next", rel="differences").
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db } from '../../../db/client';
import { signingKey } from './lti-jwks';

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const TIMEOUT_MS = 10_000;

/** Why a roster sync stopped; stored as `lti.roster.<reason>` and shown in the console. */
export const ROSTER_REASONS = [
  'platformDown',
  'scopeRefused',
  'tokenRefused',
  'tokenExpired',
  'badResponse',
  'noTokenUrl',
  'noSection',
  'noKey',
] as const;
export type RosterReason = (typeof ROSTER_REASONS)[number];

export class RosterSyncError extends Error {
  constructor(
    readonly reason: RosterReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
  get code() {
    return `lti.roster.${this.reason}`;
  }
}

export interface NrpsMember {
  user_id: string;
  roles: string[];
  status?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
}

export interface MembershipPage {
  members: NrpsMember[];
  next: string | null;
  differences: string | null;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new RosterSyncError('platformDown', String((err as Error)?.message ?? err));
  }
}

/** An access token for `scope`, asked with a client assertion signed by the registration's key. */
export async function serviceToken(
  db: Db,
  reg: { id: number; clientId: string; authTokenUrl: string | null },
): Promise<string> {
  if (!reg.authTokenUrl) throw new RosterSyncError('noTokenUrl');
  // imported here each time: the sync runs in jobs, outside the protocol plugin's key cache
  const key = await signingKey(db, reg.id);
  if (!key) throw new RosterSyncError('noKey');
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(reg.clientId)
    .setSubject(reg.clientId)
    .setAudience(reg.authTokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(key.key);
  const res = await call(reg.authTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: NRPS_SCOPE,
    }).toString(),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 500) throw new RosterSyncError('platformDown', `token endpoint answered ${res.status}`);
  if (!res.ok) {
    const error = typeof body?.error === 'string' ? body.error : '';
    throw new RosterSyncError(error === 'invalid_scope' ? 'scopeRefused' : 'tokenRefused', error);
  }
  const granted = typeof body?.scope === 'string' ? body.scope.split(' ') : [NRPS_SCOPE];
  if (!granted.includes(NRPS_SCOPE)) throw new RosterSyncError('scopeRefused', 'scope not granted');
  if (typeof body?.access_token !== 'string') throw new RosterSyncError('badResponse', 'no access_token');
  return body.access_token;
}

/** The `rel` links of a Link header. */
export function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(/,(?=\s*<)/)) {
    const m = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (m) for (const rel of m[2].split(/\s+/)) out[rel] = m[1];
  }
  return out;
}

/** One page of the membership container. An expired or refused token: tokenExpired (ask again). */
export async function membershipPage(url: string, token: string): Promise<MembershipPage> {
  const res = await call(url, { headers: { authorization: `Bearer ${token}`, accept: MEMBERSHIP_TYPE } });
  if (res.status === 401) throw new RosterSyncError('tokenExpired');
  if (res.status === 403) throw new RosterSyncError('scopeRefused', 'membership refused');
  if (res.status >= 500) throw new RosterSyncError('platformDown', `membership answered ${res.status}`);
  if (!res.ok) throw new RosterSyncError('badResponse', `membership answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
  if (!body || !Array.isArray(body.members)) throw new RosterSyncError('badResponse', 'no members');
  const members = body.members.filter(
    (m): m is NrpsMember =>
      !!m && typeof m.user_id === 'string' && m.user_id !== '' && Array.isArray(m.roles),
  );
  const rel = links(res.headers.get('link'));
  return { members, next: rel.next ?? null, differences: rel.differences ?? null };
}
