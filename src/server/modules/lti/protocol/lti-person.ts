/** The person of an accepted launch: found by (issuer, sub), or created once. */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Db } from '../../../db/client';
import { ltiIdentities, users } from '../../../db/schema';
import { resultRows } from '../../../db/execute';

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * The person of (issuer, sub): found, or created once — concurrent first launches converge on one
 * account through a username derived from (issuer, sub) and the unique (issuer, sub) identity.
 * Never matched to an existing account by e-mail; names and e-mail filled when the platform sends them.
 */
export async function personOf(db: Db, issuer: string, claims: JWTPayload & Record<string, unknown>) {
  const sub = claims.sub as string;
  const username = `lti-${createHash('sha256').update(`${issuer}\n${sub}`).digest('hex').slice(0, 24)}`;
  const email = str(claims.email)?.toLowerCase().slice(0, 254) ?? null;
  const given = str(claims.given_name) ?? str(claims.name)?.split(' ')[0] ?? '';
  const named = str(claims.family_name) ?? (str(claims.name)?.split(' ').slice(1).join(' ') || '');
  // Without any name, lists still need something to show: the e-mail's local part, else the LMS's id.
  const family = given || named ? named : (email?.split('@')[0] ?? `LMS ${sub}`);
  // The platform's e-mail when no other account holds it; else a placeholder (never merged).
  for (const address of email ? [email, `${username}@lti.invalid`] : [`${username}@lti.invalid`]) {
    // One round trip in the usual case: the account, then the identity pointing at it. A concurrent
    // launch that created either first makes this one find it (second select, fresh snapshot).
    const result = await db.execute(sql`
      with u as (
        insert into users (username, email, first_name, last_name, password_hash, status)
        values (${username}, ${address}, ${given.slice(0, 100)}, ${family.slice(0, 100)}, null, 'active')
        on conflict do nothing returning id
      ), i as (
        insert into lti_identities (issuer, sub, user_id, email)
        select ${issuer}, ${sub}, id, ${email} from u
        on conflict do nothing returning user_id
      )
      select user_id as "userId" from i`);
    const created = resultRows<{ userId: number }>(result)[0];
    if (created) return Number(created.userId);
    const [identity] = await db
      .select({ userId: ltiIdentities.userId })
      .from(ltiIdentities)
      .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.sub, sub)))
      .limit(1);
    if (identity) return identity.userId;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (row) {
      // the account exists (a concurrent launch, or an identity insert that lost a race): link it
      await db.insert(ltiIdentities).values({ issuer, sub, userId: row.id, email }).onConflictDoNothing();
      const [linked] = await db
        .select({ userId: ltiIdentities.userId })
        .from(ltiIdentities)
        .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.sub, sub)))
        .limit(1);
      return linked.userId;
    }
    // neither: the e-mail belongs to another account; try the placeholder
  }
  throw new Error('LTI person could not be created');
}
