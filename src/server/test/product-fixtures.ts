/**
 * Fixtures of the Products area: products with valid ISBN-13s, channel partners, LMS integrations
 * and pairings. Each test file builds its own world with these.
 */
import { makeIsbn13 } from '../db/seed/isbn';
import type { Db } from '../db/client';
import { channelPartners, institutions, lmsCoursePairings, lmsIntegrations, products } from '../db/schema';

let seq = 0;

/** A product with a valid ISBN-13 (checksum right, 978-0 English-language group). */
export async function createIsbnProduct(
  db: Db,
  productName: string,
  opts: { channelPartnerId?: number | null } = {},
) {
  const n = ++seq + Math.floor(Math.random() * 1000) * 1000;
  const isbn = makeIsbn13('978', 306_000_000 + n);
  const [row] = await db
    .insert(products)
    .values({
      isbn,
      urn: `urn:product:${isbn}`,
      productName,
      channelPartnerId: opts.channelPartnerId ?? null,
    })
    .returning();
  return row;
}

export async function createChannelPartner(db: Db, name: string) {
  const [row] = await db
    .insert(channelPartners)
    .values({ code: `${name.slice(0, 3).toUpperCase()}${++seq}`, name })
    .returning();
  return row;
}

export async function createIntegration(
  db: Db,
  institutionId: number,
  lmsKind = 'canvas',
  opts: { enabled?: boolean; name?: string } = {},
) {
  const n = ++seq;
  const [row] = await db
    .insert(lmsIntegrations)
    .values({
      institutionId,
      lmsKind,
      name: opts.name ?? `${lmsKind} ${n}`,
      issuer: `https://${lmsKind}.example.com`,
      clientId: `client-${n}`,
      deploymentId: `dep-${n}`,
      status: opts.enabled === false ? ('disabled' as const) : ('active' as const),
    })
    .returning();
  return row;
}

export async function createPairing(db: Db, values: typeof lmsCoursePairings.$inferInsert) {
  const [row] = await db.insert(lmsCoursePairings).values(values).returning();
  return row;
}

/** A second institution in the same organisation as `first`. */
export async function createSiblingInstitution(
  db: Db,
  first: { organizationId: number },
  displayName: string,
) {
  const [row] = await db
    .insert(institutions)
    .values({ organizationId: first.organizationId, displayName })
    .returning();
  return row;
}
