import type { Db } from '../../db/client';
import { courseContext, instructorIds } from './ia.queries';
import { billable, optWindow, todayFor } from './ia.rules';
import { institutionTimeZone } from '../../lib/institution-today';

export interface EnrollmentFacts {
  userId: number;
  courseRole: string;
  optStatus: string;
  optDecidedAt: Date | null;
  droppedAt: Date | null;
  accessType: string;
  accessEndsAt: Date | null;
  currentAccess: string | null;
}

/**
 * A course's opt window and a judge of its enrollments by THE billable rule (for the roster):
 * null when the course does not exist.
 */
export async function courseBilling(db: Db, sectionId: number, now: Date) {
  const course = await courseContext(db, sectionId);
  if (!course) return null;
  const zone = { timeZone: await institutionTimeZone(db, course.institutionId) };
  const window = optWindow(
    course,
    { censusDuration: course.institutionCensusDuration, offerType: course.offerType },
    todayFor(zone, now),
  );
  const staff = await instructorIds(db, sectionId);
  const judge = (e: EnrollmentFacts) =>
    billable(
      {
        ...e,
        onInstructorList: staff.has(e.userId),
        optModel: window.optModel,
        optDecided: e.optDecidedAt !== null,
        droppedOn: e.droppedAt ? todayFor(zone, e.droppedAt) : null,
        censusDate: window.censusDate,
      },
      now,
    );
  return { window, judge };
}
