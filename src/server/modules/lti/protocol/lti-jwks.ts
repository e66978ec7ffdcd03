/** The tool's public key set (/lti/jwks), its signing keys, and the platforms' remote key sets. */
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  errors,
  importJWK,
  type JWK,
  type JWSHeaderParameters,
  type FlattenedJWSInput,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '../../../db/client';
import { lmsKeyStore } from '../../../db/schema';
import type { LtiKeyCache } from './lti-key-cache';

/** Every active key and every rotated-out key not yet retired. Public parts only. */
export async function toolJwks(db: Db, now: Date): Promise<{ keys: JWK[] }> {
  const rows = await db
    .select({ publicJwk: lmsKeyStore.publicJwk, kid: lmsKeyStore.kid, alg: lmsKeyStore.alg })
    .from(lmsKeyStore)
    .where(or(isNull(lmsKeyStore.retiredAt), gt(lmsKeyStore.retiredAt, now)))
    .orderBy(desc(lmsKeyStore.createdAt), desc(lmsKeyStore.id));
  return {
    keys: rows.map((r) => {
      // only the public members, whatever the stored JWK holds
      const { kty, n, e } = r.publicJwk as JWK;
      return { kty, n, e, kid: r.kid, alg: r.alg, use: 'sig' };
    }),
  };
}

/** The registration's keys that may sign now: activated, not retired; the newest of them signs. */
function signsNow(integrationId: number) {
  return and(
    eq(lmsKeyStore.integrationId, integrationId),
    or(isNull(lmsKeyStore.activatesAt), lte(lmsKeyStore.activatesAt, sql`now()`)),
    or(isNull(lmsKeyStore.retiredAt), gt(lmsKeyStore.retiredAt, sql`now()`)),
  );
}

/**
 * The registration's signing key (the newest activated one not retired), as an importable private key;
 * imported once per kid into `privateKeys` when given.
 */
export async function signingKey(
  db: Db,
  integrationId: number,
  privateKeys?: LtiKeyCache['privateKeys'],
): Promise<{ kid: string; key: CryptoKey } | null> {
  const [row] = await db
    .select({ kid: lmsKeyStore.kid, privateJwk: lmsKeyStore.privateJwk, alg: lmsKeyStore.alg })
    .from(lmsKeyStore)
    .where(signsNow(integrationId))
    .orderBy(desc(lmsKeyStore.createdAt), desc(lmsKeyStore.id))
    .limit(1);
  if (!row?.privateJwk) return null;
  return importSigningKey(row, privateKeys);
}

/** A key row's private key, imported once per kid into `privateKeys` (every time without it). */
export async function importSigningKey(
  row: { kid: string; privateJwk: unknown; alg: string },
  privateKeys?: LtiKeyCache['privateKeys'],
) {
  let key = privateKeys?.get(row.kid);
  if (!key) {
    key = (await importJWK(row.privateJwk as JWK, row.alg)) as CryptoKey;
    privateKeys?.set(row.kid, key);
  }
  return { kid: row.kid, key };
}

/** The signing key row of a registration (kid and private JWK), or null. */
export async function signingKeyRow(db: Db, integrationId: number) {
  const [row] = await db
    .select({ kid: lmsKeyStore.kid, privateJwk: lmsKeyStore.privateJwk })
    .from(lmsKeyStore)
    .where(signsNow(integrationId))
    .orderBy(desc(lmsKeyStore.createdAt), desc(lmsKeyStore.id))
    .limit(1);
  return row ?? null;
}

/** A tool key row by kid while it is still published (not retired), or null. */
export async function liveKeyRow(db: Db, kid: string, now: Date) {
  const [row] = await db
    .select({ kid: lmsKeyStore.kid, privateJwk: lmsKeyStore.privateJwk })
    .from(lmsKeyStore)
    .where(and(eq(lmsKeyStore.kid, kid), or(isNull(lmsKeyStore.retiredAt), gt(lmsKeyStore.retiredAt, now))))
    .limit(1);
  return row ?? null;
}

/** A tool key row by kid, retired or not, with its registration; null when no such key is stored. */
export async function anyKeyRow(db: Db, kid: string) {
  const [row] = await db
    .select({
      kid: lmsKeyStore.kid,
      privateJwk: lmsKeyStore.privateJwk,
      integrationId: lmsKeyStore.integrationId,
    })
    .from(lmsKeyStore)
    .where(eq(lmsKeyStore.kid, kid))
    .limit(1);
  return row ?? null;
}

/** Least time between two refetches forced by an unknown kid, per key set URL. */
export const FORCED_REFETCH_MS = 1000;

/**
 * The key resolver of a platform's JWKS URL, one cache per URL in `remoteSets`. jose refetches on
 * an unknown kid only outside its 30-second cooldown; a platform that just rotated would then be
 * refused, so when jose did not refetch, this refetches once itself (at most once a second per URL).
 * Then an unknown kid is refused (JWKSNoMatchingKey).
 */
export function platformKeys(remoteSets: LtiKeyCache['remoteSets'], url: string): JWTVerifyGetKey {
  let entry = remoteSets.get(url);
  if (!entry) {
    entry = { set: createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 }), lastForced: 0 };
    remoteSets.set(url, entry);
  }
  const e = entry;
  return async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    // jose fetches in this call when its copy is stale, or on a miss outside its cooldown
    const joseFetchesNone = e.set.fresh && e.set.coolingDown;
    try {
      return await e.set(header, token);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey) || !joseFetchesNone) throw err;
      if (Date.now() - e.lastForced < FORCED_REFETCH_MS) throw err;
      e.lastForced = Date.now();
      await e.set.reload();
      return e.set(header, token);
    }
  };
}
