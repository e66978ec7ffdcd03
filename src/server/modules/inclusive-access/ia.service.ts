import type { z } from 'zod';
import type { DropBody, ExtendTrialBody, OptChangeBody } from '../../../shared/contract/inclusive-access';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { queueMail } from '../mail';
import { dropEnrollment } from './ia.drop';
import { accessMail } from './ia.mail';
import { courseContext, enrollmentForUpdate, insertOptChange, updateEnrollment } from './ia.queries';
import { optWindow } from './ia.rules';
import { todayInInstitution } from '../../lib/institution-today';

type Tx = Db;

/** The course and its opt window, and the enrollment of it (404 when the enrollment is of another course). */
async function load(tx: Tx, sectionId: number, enrollmentId: number, now: Date) {
  const course = await courseContext(tx, sectionId);
  if (!course) throw notFound('Course');
  const e = await enrollmentForUpdate(tx, enrollmentId);
  if (!e || e.sectionId !== sectionId) throw notFound('Enrollment');
  const window = optWindow(
    course,
    { censusDuration: course.institutionCensusDuration, offerType: course.offerType },
    await todayInInstitution(tx, course.institutionId, now),
  );
  return { course, e, window };
}

/**
 * Staff set a student's opt status. Before census anyone with editOptStatus; from census on it is
 * locked: only overrideOptLock, with a reason, recorded as a late override.
 */
export async function changeOptStatus(
  db: Db,
  actor: Actor,
  sectionId: number,
  body: z.infer<typeof OptChangeBody>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { course, e, window } = await load(tx, sectionId, body.enrollmentId, now);
    if (e.courseRole !== 'student')
      throw new AppError('error.optStaffEnrollment', 'Instructors and TAs have no opt status.');
    if (window.optModel === 'none')
      throw new AppError('error.optNoModel', 'This course has no inclusive offer to opt in or out of.');
    const late = window.locked;
    if (late && !can(actor.caps, 'overrideOptLock'))
      throw new AppError(
        'error.optLocked',
        'The opt window closed at census; a late override needs the right.',
      );
    if (late && !body.reason)
      throw new AppError(
        'error.optReasonRequired',
        'A reason is required to change an opt status after census.',
      );
    const changed = e.optStatus !== body.optStatus;
    if (changed || late) {
      await updateEnrollment(tx, e.id, { optStatus: body.optStatus, optDecidedAt: now });
      await insertOptChange(tx, {
        enrollmentId: e.id,
        previousOptStatus: e.optStatus,
        newOptStatus: body.optStatus,
        cause: 'staff',
        reason: body.reason ?? null,
        late,
        actorUserId: actor.userId,
      });
      await audit(tx, actor, {
        action: late ? 'optStatus.lateOverride' : 'optStatus.change',
        entityType: 'enrollment',
        entityId: e.id,
        institutionId: course.institutionId,
        before: { optStatus: e.optStatus },
        after: { optStatus: body.optStatus, reason: body.reason ?? null },
      });
    } else {
      await updateEnrollment(tx, e.id, { optDecidedAt: now });
    }
    return { enrollmentId: e.id, optStatus: body.optStatus, late, changed: changed || late };
  });
}

/** Extends a running 14 day trial by a number of days (audited, reason required). */
export async function extendTrial(
  db: Db,
  actor: Actor,
  sectionId: number,
  body: z.infer<typeof ExtendTrialBody>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { course, e } = await load(tx, sectionId, body.enrollmentId, now);
    if (e.accessType !== 'TEMP' || !e.accessEndsAt || e.accessEndsAt <= now || e.droppedAt)
      throw new AppError('error.notOnTrial', 'Only a running 14 day trial can be extended.');
    const ends = new Date(e.accessEndsAt.getTime() + body.days * 86_400_000);
    await updateEnrollment(tx, e.id, { accessEndsAt: ends });
    await audit(tx, actor, {
      action: 'enrollment.extendTrial',
      entityType: 'enrollment',
      entityId: e.id,
      institutionId: course.institutionId,
      before: { accessEndsAt: e.accessEndsAt },
      after: { accessEndsAt: ends, days: body.days, reason: body.reason },
    });
    return { enrollmentId: e.id, accessEndsAt: ends.toISOString() };
  });
}

/** Queues the student's access e-mail again, in their language (audited). */
export async function resendAccessMail(
  db: Db,
  jobs: JobSender,
  actor: Actor,
  sectionId: number,
  enrollmentId: number,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { course, e } = await load(tx, sectionId, enrollmentId, now);
    if (e.courseRole !== 'student')
      throw new AppError('error.optStaffEnrollment', 'Instructors and TAs have no opt status.');
    await queueMail(tx, jobs, accessMail(e, course));
    await audit(tx, actor, {
      action: 'enrollment.resendAccessMail',
      entityType: 'enrollment',
      entityId: e.id,
      institutionId: course.institutionId,
    });
    return { queued: true as const };
  });
}

/** Staff remove a student from a course: a drop with cause removal. */
export async function removeEnrollment(
  db: Db,
  actor: Actor,
  sectionId: number,
  body: z.infer<typeof DropBody>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await load(tx, sectionId, body.enrollmentId, now);
    const r = await dropEnrollment(tx, actor, body.enrollmentId, 'removal', now);
    return {
      enrollmentId: r.enrollmentId,
      droppedAt: r.droppedAt.toISOString(),
      optStatus: r.optStatus === 'optout' ? ('optout' as const) : ('optin' as const),
      beforeCensus: r.beforeCensus,
    };
  });
}
