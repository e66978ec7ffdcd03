import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../../db/client';
import { lmsIntegrations, lmsKeyStore } from '../../db/schema';

/** Days a rotated-out key stays in /lti/jwks, so platforms holding a cached key set keep verifying. */
export const LTI_KEY_OVERLAP_DAYS = 7;
export const LTI_KEY_ALG = 'RS256';

/** A new RSA key pair as JWKs with a fresh kid. */
async function newKeyPair() {
  const { publicKey, privateKey } = await generateKeyPair(LTI_KEY_ALG, { extractable: true });
  const kid = randomUUID();
  const [pub, priv] = await Promise.all([exportJWK(publicKey), exportJWK(privateKey)]);
  const meta = { kid, alg: LTI_KEY_ALG, use: 'sig' };
  return { kid, publicJwk: { ...pub, ...meta }, privateJwk: { ...priv, ...meta } };
}

/** Makes the registration's first signing key. Returns its kid (never the private key). */
export async function createToolKey(db: Db, integrationId: number): Promise<{ kid: string }> {
  const key = await newKeyPair();
  await db.insert(lmsKeyStore).values({ integrationId, alg: LTI_KEY_ALG, ...key });
  return { kid: key.kid };
}

/**
 * Rotates the registration's signing key: the current one retires after the overlap period (it stays
 * in /lti/jwks until then) and a new key signs from now on. Run it in a transaction; the
 * registration row is locked so two rotations never race for the one signing key.
 */
export async function rotateToolKey(db: Db, integrationId: number): Promise<{ kid: string }> {
  const key = await newKeyPair();
  await db
    .select({ id: lmsIntegrations.id })
    .from(lmsIntegrations)
    .where(eq(lmsIntegrations.id, integrationId))
    .for('update');
  await db
    .update(lmsKeyStore)
    .set({ retiredAt: sql`now() + make_interval(days => ${LTI_KEY_OVERLAP_DAYS})` })
    .where(and(eq(lmsKeyStore.integrationId, integrationId), isNull(lmsKeyStore.retiredAt)));
  await db.insert(lmsKeyStore).values({ integrationId, alg: LTI_KEY_ALG, ...key });
  return { kid: key.kid };
}
