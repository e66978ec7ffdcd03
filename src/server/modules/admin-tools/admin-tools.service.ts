import type { UpdateInstitutionBodyT } from '../../../shared/contract/admin-tools';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { institutionDetails } from '../institutions';
import { institutionSettings, saveSettingsIfVersion } from './admin-tools.queries';

/**
 * Saves censusDuration, offerType, orgInclusiveId and inclusiveAccess of an institution.
 * A stale `version` (someone saved first) answers 409 and changes nothing.
 */
export async function updateInstitution(
  db: Db,
  actor: Actor,
  institutionId: number,
  body: UpdateInstitutionBodyT,
) {
  const { version, ...values } = body;
  await db.transaction(async (tx) => {
    const before = await institutionSettings(tx, institutionId);
    if (!before) throw notFound('Institution');
    if (!(await saveSettingsIfVersion(tx, institutionId, version, values))) {
      throw new AppError(
        'error.settingsVersionConflict',
        'These settings were changed by someone else since you opened them. Reload and try again.',
      );
    }
    await audit(tx, actor, {
      action: 'institution.update',
      entityType: 'institution',
      entityId: institutionId,
      institutionId,
      before,
      after: { ...values, version: version + 1 },
    });
  });
  return { saved: true as const, institution: await institutionDetails(db, institutionId) };
}
