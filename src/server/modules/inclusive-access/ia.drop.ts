import type { DropCause } from '../../../shared/contract/inclusive-access';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/app-error';
import { courseContext, enrollmentForUpdate, insertOptChange, updateEnrollment } from './ia.queries';
import { optWindow } from './ia.rules';
import { todayInInstitution } from '../../lib/institution-today';

/**
 * THE drop of an enrollment, whatever drops it (roster sync, removal, an NRPS member that became
 * inactive, an opt-out file). Before census the student's access ends and they are opted out, the
 * cause recorded; from census on the drop is recorded and billing is left as it is. Idempotent: a
 * second drop of the same enrollment changes nothing. Call it inside the transaction of the drop.
 */
export async function dropEnrollment(
  tx: Db,
  actor: { userId: number | null; requestId?: string | null; realUserId?: number } | null,
  enrollmentId: number,
  cause: DropCause,
  now: Date,
) {
  const e = await enrollmentForUpdate(tx, enrollmentId);
  if (!e) throw notFound('Enrollment');
  const course = await courseContext(tx, e.sectionId);
  if (!course) throw notFound('Course');
  const window = optWindow(
    course,
    { censusDuration: course.institutionCensusDuration, offerType: course.offerType },
    await todayInInstitution(tx, course.institutionId, now),
  );
  const beforeCensus = !window.locked;
  if (e.droppedAt) {
    return { enrollmentId, droppedAt: e.droppedAt, optStatus: e.optStatus, beforeCensus, changed: false };
  }
  const endsAccess = beforeCensus && e.courseRole === 'student';
  const optStatus = endsAccess ? 'optout' : e.optStatus;
  await updateEnrollment(tx, enrollmentId, {
    droppedAt: now,
    dropCause: cause,
    ...(endsAccess
      ? {
          optStatus,
          optDecidedAt: now,
          accessEndsAt: e.accessEndsAt && e.accessEndsAt < now ? e.accessEndsAt : now,
        }
      : {}),
  });
  if (endsAccess && e.optStatus !== 'optout') {
    await insertOptChange(tx, {
      enrollmentId,
      previousOptStatus: e.optStatus,
      newOptStatus: 'optout',
      cause: 'drop',
      reason: cause,
      actorUserId: actor?.userId ?? null,
    });
  }
  await audit(tx, actor, {
    action: 'enrollment.drop',
    entityType: 'enrollment',
    entityId: enrollmentId,
    institutionId: course.institutionId,
    before: { optStatus: e.optStatus, accessEndsAt: e.accessEndsAt },
    after: { cause, beforeCensus, optStatus },
  });
  return { enrollmentId, droppedAt: now, optStatus, beforeCensus, changed: true };
}
