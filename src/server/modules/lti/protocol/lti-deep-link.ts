/** POST /lti/deep-link: the instructor's choice returned to the platform as a signed LtiDeepLinkingResponse. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../../../db/client';
import { todayInInstitution } from '../../../lib/institution-today';
import { lmsIntegrations } from '../../../db/schema';
import { signingKey } from './lti-jwks';
import type { LtiKeyCache } from './lti-key-cache';
import { activeOffers } from './lti-landing';
import { acceptsLinks, ITEM_TYPE } from './lti-choice';
import type { LaunchSession } from './lti-session';

export const DL = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

/**
 * The signed response JWT (the registration's current tool key) and where to post it, or null when
 * the session is not a staff deep-linking session, the platform does not accept links (accept_types),
 * several offers are chosen without accept_multiple, or one is not an active offer of the institution.
 */
export async function deepLinkResponse(
  db: Db,
  s: LaunchSession,
  offerIds: number[],
  ctx: { now: Date; publicUrl: string; keys: LtiKeyCache },
): Promise<{ jwt: string; returnUrl: string } | null> {
  if (s.role !== 'staff' || s.mt !== 'LtiDeepLinkingRequest' || !s.dlReturn || !acceptsLinks(s)) return null;
  const wanted = [...new Set(offerIds)];
  if (wanted.length === 0 || (wanted.length > 1 && !s.dlMulti)) return null;
  const active = await activeOffers(db, s.inst, await todayInInstitution(db, s.inst, ctx.now));
  const chosen = wanted.map((id) => active.find((o) => o.id === id));
  if (chosen.some((o) => !o)) return null;
  const [reg] = await db
    .select({ issuer: lmsIntegrations.issuer, clientId: lmsIntegrations.clientId })
    .from(lmsIntegrations)
    .where(eq(lmsIntegrations.id, s.reg))
    .limit(1);
  const key = await signingKey(db, s.reg, ctx.keys.privateKeys);
  if (!reg || !key) return null;
  const iat = Math.floor(ctx.now.getTime() / 1000);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    azp: reg.clientId,
    [DL.messageType]: 'LtiDeepLinkingResponse',
    [DL.version]: '1.3.0',
    [DL.deploymentId]: s.deploymentId,
    [DL.contentItems]: chosen.map((offer) => ({
      type: ITEM_TYPE,
      title: offer!.productName,
      text: offer!.title,
      url: new URL('/lti/launch', ctx.publicUrl).toString(),
      custom: { product_id: String(offer!.productId), offer_id: String(offer!.id) },
    })),
    ...(s.dlData ? { [DL.data]: s.dlData } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(reg.clientId)
    .setAudience(reg.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(key.key);
  return { jwt, returnUrl: s.dlReturn };
}
