import type * as oidc from 'openid-client';
import type { OidcProvider } from '../../config-sso';

/** How long a provider's discovery document (endpoints, keys location) is reused. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds each request to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

export const SCOPES = 'openid email profile';

/** A provider that could not be reached (discovery, token or keys request failed on the network). */
export class ProviderUnreachable extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The provider's client configuration from its discovery document, cached for an hour (a failed
 * discovery is forgotten at once). Plain http is allowed only for a provider on this machine
 * (the tests' and the demo's).
 */
/** openid-client, loaded at the first sign-in through a provider rather than at every start. */
export const openidClient = () => import('openid-client');

export function providerConfig(p: OidcProvider, now = Date.now()): Promise<oidc.Configuration> {
  const key = `${p.issuer}\n${p.clientId}\n${p.clientSecret ?? ''}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(p.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const config = openidClient()
    .then((client) =>
      client.discovery(
        issuer,
        p.clientId,
        { client_secret: p.clientSecret },
        p.clientSecret ? client.ClientSecretBasic(p.clientSecret) : client.None(),
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_S },
      ),
    )
    .catch((err) => {
      cache.delete(key);
      throw new ProviderUnreachable(`discovery of ${p.issuer} failed: ${(err as Error).message}`, {
        cause: err,
      });
    });
  cache.set(key, { at: now, config });
  return config;
}

/** True when `err` (from openid-client) is the network failing rather than the provider refusing. */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof ProviderUnreachable) return true;
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  return err instanceof TypeError && /fetch failed/i.test(err.message);
}
