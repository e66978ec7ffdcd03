/**
 * The keys the LTI protocol keeps in memory, owned by one app instance (the protocol plugin creates
 * it when it is registered), so two apps in one process never share them.
 */
import type { createRemoteJWKSet } from 'jose';

/** A platform's remote key set and when this tool last forced it to refetch. */
export interface RemoteSet {
  set: ReturnType<typeof createRemoteJWKSet>;
  lastForced: number;
}

export interface LtiKeyCache {
  /** Tool private keys imported from their JWK, by kid. */
  privateKeys: Map<string, CryptoKey>;
  /** Launch-session HMAC keys derived from the tool keys, by kid. */
  hmacKeys: Map<string, Uint8Array>;
  /** Platforms' key sets (jose's cache and cooldown), by JWKS URL. */
  remoteSets: Map<string, RemoteSet>;
}

export function createLtiKeyCache(): LtiKeyCache {
  return { privateKeys: new Map(), hmacKeys: new Map(), remoteSets: new Map() };
}
