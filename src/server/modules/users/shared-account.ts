import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { AuditEntry } from '../../lib/audit';
import { capabilities } from '../../lib/capabilities';
import { refuse } from '../roles';
import { institutionsOf } from './users.queries';

/** The description of `error.sharedAccountFields` (the i18n catalogs hold it in each language). */
export const SHARED_ACCOUNT_MESSAGE =
  'This account also belongs to institutions you do not administer: only someone who administers every institution of the account, or a super admin, can change its e-mail address or names.';

type SharedFields = { email: string; firstName: string; lastName: string; username: string };

/**
 * Accounts belong to everyone who administers them: of `userIds`, the accounts whose shared fields
 * (e-mail, names, user name) the actor may NOT change, i.e. that belong to an institution where the
 * actor may not edit users. Provider staff may change any.
 */
export async function accountsNotAdministered(
  db: Db,
  actor: Actor,
  userIds: readonly number[],
): Promise<Set<number>> {
  const refused = new Set<number>();
  if (actor.superAdmin || actor.associateSuperAdmin || actor.nasupport) return refused;
  const self = { id: actor.userId, superAdmin: false, associateSuperAdmin: false, nasupport: false };
  const administers = new Map<number, boolean>();
  if (actor.organizationId !== undefined) administers.set(actor.organizationId, can(actor.caps, 'editUsers'));
  for (const userId of new Set(userIds)) {
    for (const institutionId of await institutionsOf(db, userId)) {
      if (!administers.has(institutionId)) {
        const caps = await capabilities(db, self, institutionId);
        administers.set(institutionId, can(caps, 'editUsers'));
      }
      if (!administers.get(institutionId)) {
        refused.add(userId);
        break;
      }
    }
  }
  return refused;
}

/**
 * Refuses (403 `error.sharedAccountFields` + audit row) a change of an account's shared fields by
 * someone who does not administer every institution of the account; a change that keeps them passes.
 */
export async function assertMayChangeSharedFields(
  db: Db,
  actor: Actor,
  user: SharedFields & { id: number },
  next: Partial<SharedFields>,
  entry: AuditEntry,
) {
  const changed = (Object.keys(next) as (keyof SharedFields)[]).filter(
    (k) => next[k] !== undefined && next[k] !== user[k],
  );
  if (changed.length === 0) return;
  if ((await accountsNotAdministered(db, actor, [user.id])).size === 0) return;
  throw await refuse(
    db,
    actor,
    { ...entry, after: { fields: changed } },
    SHARED_ACCOUNT_MESSAGE,
    'error.sharedAccountFields',
  );
}
