import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../../../db/client';
import { lmsIntegrations, lmsKeyStore } from '../../../db/schema';

/** The key set's cache lifetime (Cache-Control max-age of /lti/jwks): a rotated-in key waits this long to sign. */
export const JWKS_MAX_AGE_SECONDS = 300;
const activation = sql`now() + make_interval(secs => ${JWKS_MAX_AGE_SECONDS})`;

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
 * Rotates the registration's signing key, publishing before signing: the new key is in /lti/jwks at
 * once but signs only once the key set's max-age has passed (a platform's cached copy then holds
 * it); the current key signs until then and stays published for the overlap period after that.
 * Run it in a transaction; the registration row is locked so two rotations never race.
 */
export async function rotateToolKey(
  db: Db,
  integrationId: number,
): Promise<{ kid: string; activatesAt: Date }> {
  const key = await newKeyPair();
  await db
    .select({ id: lmsIntegrations.id })
    .from(lmsIntegrations)
    .where(eq(lmsIntegrations.id, integrationId))
    .for('update');
  await db
    .update(lmsKeyStore)
    .set({ retiredAt: sql`${activation} + make_interval(days => ${LTI_KEY_OVERLAP_DAYS})` })
    .where(and(eq(lmsKeyStore.integrationId, integrationId), isNull(lmsKeyStore.retiredAt)));
  const [row] = await db
    .insert(lmsKeyStore)
    .values({ integrationId, alg: LTI_KEY_ALG, ...key, activatesAt: activation })
    .returning({ activatesAt: lmsKeyStore.activatesAt });
  return { kid: key.kid, activatesAt: row.activatesAt as Date };
}
