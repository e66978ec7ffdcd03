/**
 * The launch session: after a launch is accepted, a short-lived token keyed by the registration's
 * tool key travels in the landing page URL, so the landing page and its forms work inside an LMS
 * iframe without any (third-party) cookie.
 */
import { hkdfSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../../db/client';
import { anyKeyRow, liveKeyRow, signingKeyRow } from './lti-jwks';
import type { LtiKeyCache } from './lti-key-cache';
import type { LaunchChoice } from './lti-choice';
import { refuse } from './lti-reasons';

export const SESSION_MINUTES = 60;
const AUDIENCE = 'lti-launch-session';

export interface LaunchSession {
  /** user id */
  uid: number;
  /** registration id */
  reg: number;
  /** institution of the deployment */
  inst: number;
  role: 'staff' | 'learner' | 'other';
  mt: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  ctx: string | null;
  title: string | null;
  lang: 'en' | 'fr' | 'zh';
  /** deep linking: return URL and opaque data */
  dlReturn?: string;
  dlData?: string;
  /** deep linking: the platform's accept_types (absent: not sent) and accept_multiple */
  dlTypes?: string[];
  dlMulti?: boolean;
  /** The offer (and product) the launch's custom claim names: the teacher's deep-linking choice. */
  co?: LaunchChoice;
  deploymentId: string;
  /** Frame origins the verified launch named (return URLs), besides the registration's. */
  fo?: string[];
}

/**
 * The session's HMAC key: derived (HKDF-SHA256) from the private part of the registration's tool key,
 * so every process holding the database can check it, it needs no secret of its own, and it dies
 * with the key (retired → the sessions it signed are refused). HS256 costs a fraction of RS256 on
 * every launch.
 */
function sessionKey(keys: LtiKeyCache, kid: string, privateJwk: unknown): Uint8Array {
  const { hmacKeys } = keys;
  let key = hmacKeys.get(kid);
  if (!key) {
    const d = (privateJwk as { d?: string } | null)?.d;
    if (!d) throw new Error(`tool key ${kid} has no private part`);
    key = new Uint8Array(hkdfSync('sha256', Buffer.from(d, 'base64url'), kid, 'cwa-lti-launch-session', 32));
    hmacKeys.set(kid, key);
  }
  return key;
}

/** Signs the session with the registration's signing key (`known`: that key's row, already read). */
export async function signSession(
  db: Db,
  keys: LtiKeyCache,
  session: LaunchSession,
  now: Date,
  known?: { kid: string; privateJwk: unknown } | null,
): Promise<string> {
  const row = known ?? (await signingKeyRow(db, session.reg));
  if (!row) throw new Error(`registration ${session.reg} has no signing key`);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...session })
    .setProtectedHeader({ alg: 'HS256', kid: row.kid })
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_MINUTES * 60)
    .sign(sessionKey(keys, row.kid, row.privateJwk));
}

export async function readSession(
  db: Db,
  keys: LtiKeyCache,
  token: unknown,
  now: Date,
): Promise<LaunchSession> {
  if (typeof token !== 'string' || !token || token.length > 8000) throw refuse('sessionExpired');
  try {
    const { kid, alg } = decodeProtectedHeader(token);
    if (!kid || alg !== 'HS256') throw refuse('sessionExpired');
    const row = await liveKeyRow(db, kid, now);
    if (!row) throw refuse('sessionExpired');
    const { payload } = await jwtVerify(token, sessionKey(keys, kid, row.privateJwk), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    return payload as unknown as LaunchSession;
  } catch {
    throw refuse('sessionExpired');
  }
}

/**
 * Whose launch a refused session token was (expired, or signed by a key since retired): when its
 * signature still checks with a stored tool key of the registration it names, that registration, its
 * language and frame origins, so the "page expired" answer can be framed by that LMS like the other
 * launch pages. Null when it cannot be known (no token, a forged one, its key deleted).
 */
export async function expiredSessionOf(
  db: Db,
  keys: LtiKeyCache,
  token: unknown,
): Promise<Pick<LaunchSession, 'reg' | 'lang' | 'fo'> | null> {
  if (typeof token !== 'string' || !token || token.length > 8000) return null;
  try {
    const { kid, alg } = decodeProtectedHeader(token);
    if (!kid || alg !== 'HS256') return null;
    const row = await anyKeyRow(db, kid);
    if (!row?.privateJwk) return null;
    const { payload } = await compactVerify(token, sessionKey(keys, kid, row.privateJwk), {
      algorithms: ['HS256'],
    });
    const s = JSON.parse(new TextDecoder().decode(payload)) as Partial<LaunchSession> & { aud?: unknown };
    if (s.aud !== AUDIENCE || s.reg !== row.integrationId) return null;
    return { reg: row.integrationId, lang: s.lang ?? 'en', fo: Array.isArray(s.fo) ? s.fo : [] };
  } catch {
    return null;
  }
}
