import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { refusal } from '../../lib/app-error';
import { audit } from '../../lib/audit';

/** Whether an e-mail address belongs to one of the provider's domains (or a subdomain of one). */
export function isProviderEmail(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email.slice(at + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * Only provider accounts (INTERNAL_EMAIL_DOMAINS) may hold the internal-user role, which reaches
 * every institution: anyone else is refused (422 `error.notProviderAccount`, audited).
 */
export async function requireProviderAccounts(
  db: Db,
  actor: Actor,
  groupId: number,
  userIds: number[],
  domains: readonly string[],
) {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  const outsider = rows.find((u) => !isProviderEmail(u.email, domains));
  if (!outsider) return;
  await audit(db, actor, {
    action: 'internalUser.add',
    entityType: 'group',
    entityId: groupId,
    outcome: 'denied',
    after: { userIds, notProvider: outsider.id },
  });
  const list = domains.join(', ');
  throw refusal(
    'error.notProviderAccount',
    `Only provider accounts can be internal users: ${outsider.email} is not an e-mail address of ${list}.`,
    { email: outsider.email, domains: list },
  );
}
