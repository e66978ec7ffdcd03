/**
 * What one page of an NRPS membership does to a paired course, in the page's transaction: people by
 * (issuer, sub), learners enrolled (14-day trial, as a launch does), instructors and TAs recorded as the
 * section's instructors, inactive or deleted learners marked dropped (kept), each drop audited with
 * the sync that made it.
 */
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../../shared/constants';
import type { Db } from '../../../db/client';
import { enrollments, ltiIdentities, memberships, sectionInstructors } from '../../../db/schema';
import { dropEnrollment } from '../../inclusive-access';
import { audit } from '../../../lib/audit';
import { personOf } from './lti-person';
import { courseRoleOf } from './lti-roles';
import type { NrpsMember } from './lti-nrps-client';

export interface RosterCounts {
  added: number;
  updated: number;
  dropped: number;
  instructors: number;
}
export const noCounts = (): RosterCounts => ({ added: 0, updated: 0, dropped: 0, instructors: 0 });

export interface RosterTarget {
  pairingId: number;
  sectionId: number;
  institutionId: number;
  issuer: string;
}

/** Context roles only (membership roles, or their short names): institution and system roles say nothing of the course. */
const contextRoles = (roles: string[]) => roles.filter((r) => !/\/(institution|system)\//.test(r));
const isGone = (m: NrpsMember) => m.status === 'Inactive' || m.status === 'Deleted';

async function dropEnrollments(tx: Db, t: RosterTarget, userIds: number[], runId: string, now: Date) {
  if (userIds.length === 0) return 0;
  const dropped = await tx
    .select({ id: enrollments.id, userId: enrollments.userId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.sectionId, t.sectionId),
        inArray(enrollments.userId, userIds),
        isNull(enrollments.droppedAt),
      ),
    );
  for (const d of dropped) {
    // the one drop rule: before census the student's access ends and they are opted out
    await dropEnrollment(tx, null, d.id, 'nrpsInactive', now);
    await audit(tx, null, {
      action: 'lti.roster.drop',
      entityType: 'enrollment',
      entityId: d.id,
      institutionId: t.institutionId,
      before: { droppedAt: null },
      after: { droppedAt: now.toISOString(), userId: d.userId, bySync: runId, pairingId: t.pairingId },
    });
  }
  return dropped.length;
}

async function enrollLearner(tx: Db, t: RosterTarget, userId: number, now: Date, c: RosterCounts) {
  await tx
    .insert(memberships)
    .values({ userId, institutionId: t.institutionId, courseRole: 'student' })
    .onConflictDoNothing();
  const trialEnds = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const [added] = await tx
    .insert(enrollments)
    .values({
      sectionId: t.sectionId,
      userId,
      accessType: 'TEMP',
      accessEndsAt: trialEnds,
      currentAccess: 'Not_Paid',
    })
    .onConflictDoNothing()
    .returning({ id: enrollments.id });
  if (added) return void c.added++;
  // back in the course after a drop: enrolled again with the access it had
  const back = await tx
    .update(enrollments)
    .set({ droppedAt: null, dropCause: null })
    .where(
      and(
        eq(enrollments.sectionId, t.sectionId),
        eq(enrollments.userId, userId),
        sql`${enrollments.droppedAt} is not null`,
      ),
    )
    .returning({ id: enrollments.id });
  if (back.length > 0) c.updated++;
}

async function recordInstructor(tx: Db, t: RosterTarget, userId: number, roles: string[], c: RosterCounts) {
  await tx
    .insert(memberships)
    .values({ userId, institutionId: t.institutionId, courseRole: 'instructor' })
    .onConflictDoNothing();
  const ta = roles.some((r) => r.endsWith('#TeachingAssistant'));
  const [added] = await tx
    .insert(sectionInstructors)
    .values({ sectionId: t.sectionId, userId, role: ta ? 'ta' : 'instructor' })
    .onConflictDoNothing()
    .returning({ userId: sectionInstructors.userId });
  if (added) c.instructors++;
}

/** Applies one page's members; returns their LMS user ids (sub). */
export async function applyMembers(
  tx: Db,
  t: RosterTarget,
  members: NrpsMember[],
  runId: string,
  now: Date,
  c: RosterCounts,
): Promise<string[]> {
  const gone: number[] = [];
  for (const m of members) {
    const userId = await personOf(tx, t.issuer, { ...m, sub: m.user_id });
    const role = courseRoleOf(contextRoles(m.roles));
    if (isGone(m)) {
      if (role !== 'staff') gone.push(userId);
    } else if (role === 'learner') await enrollLearner(tx, t, userId, now, c);
    else if (role === 'staff') await recordInstructor(tx, t, userId, m.roles, c);
  }
  c.dropped += await dropEnrollments(tx, t, gone, runId, now);
  return members.map((m) => m.user_id);
}

/** At the end of a full read: the section's students from this LMS whom no page listed have left. */
export async function dropAbsent(tx: Db, t: RosterTarget, seen: string[], runId: string, now: Date) {
  const absent = await tx
    .select({ userId: ltiIdentities.userId })
    .from(enrollments)
    .innerJoin(ltiIdentities, eq(ltiIdentities.userId, enrollments.userId))
    .where(
      and(
        eq(enrollments.sectionId, t.sectionId),
        isNull(enrollments.droppedAt),
        eq(ltiIdentities.issuer, t.issuer),
        seen.length > 0 ? notInArray(ltiIdentities.sub, seen) : undefined,
      ),
    );
  return dropEnrollments(
    tx,
    t,
    absent.map((a) => a.userId),
    runId,
    now,
  );
}
