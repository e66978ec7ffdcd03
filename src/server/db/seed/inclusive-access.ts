import type { enrollments } from '../schema';
import { addDays, type Day, dayToTime } from './dates';

const DROP_CAUSES = ['rosterSync', 'removal', 'nrpsInactive'] as const;
type Fields = Pick<
  typeof enrollments.$inferInsert,
  'courseRole' | 'optStatus' | 'optDecidedAt' | 'droppedAt' | 'dropCause' | 'remindedAt' | 'accessEndsAt'
>;

/**
 * The inclusive-access states of a seeded enrollment, chosen from its position (no random draw, so
 * the rest of the demo world stays as it was): a TA or an instructor on some rosters, students who
 * dropped before or after census (before: opted out, access ended), decided and undecided students,
 * and the reminder already sent to undecided students of courses whose census is two days away or nearer.
 */
export function inclusiveAccessFields(p: {
  k: number;
  n: number;
  start: Day;
  censusDuration: number;
  enrolledDay: Day;
  today: Day;
  now: Date;
  optStatus: string;
  accessEndsAt: Date | null;
}): Required<Fields> {
  const base = {
    courseRole: 'student',
    optStatus: p.optStatus,
    optDecidedAt: null,
    droppedAt: null,
    dropCause: null,
    remindedAt: null,
    accessEndsAt: p.accessEndsAt,
  };
  return { ...base, ...states(p) } as Required<Fields>;
}

function states(p: Parameters<typeof inclusiveAccessFields>[0]): Fields {
  const census = p.censusDuration >= 0 ? addDays(p.start, p.censusDuration) : null;
  if (p.n === 0 && p.k % 7 === 0) return { courseRole: 'ta', optStatus: 'optin' };
  if (p.n === 1 && p.k % 11 === 0) return { courseRole: 'instructor', optStatus: 'optin' };
  if ((p.n * 31 + p.k) % 37 === 5) {
    const dropDay = Math.min(p.today, addDays(p.enrolledDay, 3 + (p.n % 20)));
    const droppedAt = dayToTime(dropDay, 10);
    const cause = DROP_CAUSES[p.n % 3];
    if (census === null || dropDay < census)
      return {
        optStatus: 'optout',
        optDecidedAt: droppedAt,
        droppedAt,
        dropCause: cause,
        accessEndsAt: droppedAt,
      };
    return { optStatus: p.optStatus, optDecidedAt: droppedAt, droppedAt, dropCause: cause };
  }
  const decided = p.optStatus === 'optout' || p.n % 3 !== 0;
  if (decided) return { optStatus: p.optStatus, optDecidedAt: dayToTime(p.enrolledDay, 15) };
  const reminded = census !== null && census > p.today && addDays(census, -2) <= p.today;
  return { optStatus: p.optStatus, optDecidedAt: null, remindedAt: reminded ? p.now : null };
}
