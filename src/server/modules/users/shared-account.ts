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
 * Accounts belong to everyone who administers them: the fields all their institutions see (e-mail,
 * names, user name) change only by someone who may edit users in every institution the account
 * belongs to, or by provider staff. Refuses (403 + audit row) otherwise; a change that keeps
 * them passes.
 */
export async function assertMayChangeSharedFields(
  db: Db,
  actor: Actor,
  internalGroupId: string,
  user: SharedFields & { id: number },
  next: Partial<SharedFields>,
  entry: AuditEntry,
) {
  const changed = (Object.keys(next) as (keyof SharedFields)[]).filter(
    (k) => next[k] !== undefined && next[k] !== user[k],
  );
  if (changed.length === 0) return;
  if (actor.superAdmin || actor.associateSuperAdmin || actor.nasupport) return;
  const self = { id: actor.userId, superAdmin: false, associateSuperAdmin: false, nasupport: false };
  for (const institutionId of await institutionsOf(db, user.id)) {
    if (institutionId === actor.organizationId && can(actor.caps, 'editUsers')) continue;
    const caps = await capabilities(db, self, institutionId, internalGroupId);
    if (!can(caps, 'editUsers')) {
      throw await refuse(
        db,
        actor,
        { ...entry, after: { fields: changed } },
        SHARED_ACCOUNT_MESSAGE,
        'error.sharedAccountFields',
      );
    }
  }
}
