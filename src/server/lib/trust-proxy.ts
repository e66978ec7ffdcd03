import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists like an address. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(RANGE_NAMES)]);

/** Whom to believe about the client's address: nobody, the nearest `hops` proxies, or these proxies. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/**
 * TRUST_PROXY: `false` (default), a hop count, or a comma list of proxy addresses/CIDRs. Plain `true`
 * is refused: every X-Forwarded-For entry would be believed, so a client could choose its own address.
 */
export const TrustProxyEnv = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (['true', 'yes'].includes(v.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every proxy lets a client choose its own address (the left-most X-Forwarded-For entry is its own); give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs',
      });
      return;
    }
    if (/^\d+$/.test(v) || ['false', 'no', ''].includes(v.toLowerCase())) return;
    const bad = v.split(',').find((a) => !proxyAddress.safeParse(a.trim()).success);
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad.trim()}" is not a hop count, an IP address, a CIDR range or one of ${RANGE_NAMES.join(', ')}`,
      });
    }
  })
  .transform((v): TrustProxy => {
    if (/^\d+$/.test(v)) return Number(v) > 0 ? { hops: Number(v) } : false;
    if (['false', 'no', ''].includes(v.toLowerCase())) return false;
    return { addresses: v.split(',').map((a) => a.trim()) };
  });

/**
 * Fastify's `trustProxy` option. Fastify 5.12 ignores a bare number (it trusts nobody then), so a hop
 * count is given as the function Fastify used to build for it: the socket peer and the next `hops - 1`
 * X-Forwarded-For entries from the right are proxies, and the entry after them is the client.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!trust) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}
