import { PROVIDER_PAID } from '../../../shared/status';
import { enrollments } from '../schema';
import { bulkInsert } from './bulk';
import type { SeedContext, SeededInstitution } from './context';
import { addDays, dayToTime } from './dates';
import { inclusiveAccessFields } from './inclusive-access';
import type { SectionDraft } from './sections';
import { UserBatch } from './user-batch';
import type { UsernameBook } from './usernames';

/** Enrollments per student on average: the student pool of an institution is sized from it. */
const ENROLLMENTS_PER_STUDENT = 4.2;
const DAY_MS = 86_400_000;

export interface StudentReport {
  students: number;
  enrollments: number;
  /** Enrollments per section draft. */
  perSection: number[];
}

/**
 * Students (users with a 'student' membership, no password) and their enrollments: every
 * access type, ended and running access, every current-access value, opt-ins and opt-outs.
 */
export async function seedStudents(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  drafts: SectionDraft[],
  sectionIds: number[],
  usernames: UsernameBook,
): Promise<StudentReport> {
  const { db, faker, rng, today, now } = ctx;
  const batch = new UserBatch();
  const rows: (Omit<typeof enrollments.$inferInsert, 'userId'> & { student: number })[] = [];
  const perSection = drafts.map(() => 0);

  for (const inst of institutions) {
    const own = drafts
      .map((d, k) => ({ d, k }))
      .filter(({ d }) => d.institution === inst && d.enrollTarget > 0);
    if (own.length === 0) continue;
    const demand = own.reduce((s, { d }) => s + d.enrollTarget, 0);
    const largest = Math.max(...own.map(({ d }) => d.enrollTarget));
    const size = Math.max(largest + 1, Math.ceil(demand / ENROLLMENTS_PER_STUDENT));
    const first = batch.size;
    for (let s = 0; s < size; s++) {
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const username = usernames.make(firstName, lastName);
      const student = batch.add({
        username,
        email: `${username}@students.${inst.seed.domain}`,
        firstName,
        lastName,
        status: 'active',
        createdAt: new Date(now.getTime() - rng.int(20, 1200) * DAY_MS),
      });
      batch.member(student, inst.id, 'student');
    }
    const optOutRate = inst.seed.inclusiveAccess ? 0.12 : 0.05;
    for (const { d, k } of own) {
      const offset = rng.int(0, size - 1);
      for (let n = 0; n < d.enrollTarget; n++) {
        const paid = rng.chance(d.period === 'past' ? 0.75 : d.period === 'current' ? 0.65 : 0.6);
        const enrolledDay =
          d.period === 'future'
            ? addDays(today, -rng.int(0, 20))
            : !paid && d.period === 'current'
              ? Math.min(today, addDays(d.start, rng.int(-7, 40)))
              : addDays(d.start, -rng.int(0, 20));
        const createdAt = new Date(Math.min(now.getTime(), dayToTime(enrolledDay, rng.int(7, 22)).getTime()));
        const row = {
          sectionId: sectionIds[k],
          student: first + ((offset + n) % size),
          accessType: paid ? 'PAID' : 'TEMP',
          accessEndsAt: paid
            ? rng.chance(0.04)
              ? null
              : dayToTime(addDays(d.end, 30), 23)
            : new Date(createdAt.getTime() + 14 * DAY_MS),
          currentAccess: paid
            ? rng.weighted([
                ['Institution_Paid', 55],
                [PROVIDER_PAID, 35],
                [null, 10],
              ] as const)
            : rng.weighted([
                ['Not_Paid', 70],
                [null, 30],
              ] as const),
          optStatus: rng.chance(optOutRate) ? 'optout' : 'optin',
          createdAt,
        };
        rows.push({
          ...row,
          ...inclusiveAccessFields({
            k,
            n,
            start: d.start,
            censusDuration: d.censusDuration >= 0 ? d.censusDuration : inst.seed.censusDuration,
            enrolledDay,
            today,
            now,
            optStatus: row.optStatus,
            accessEndsAt: row.accessEndsAt ?? null,
          }),
        });
        perSection[k]++;
      }
    }
  }

  const ids = await batch.insert(db);
  await bulkInsert(
    db,
    enrollments,
    rows.map(({ student, ...row }) => ({ ...row, userId: ids[student] })),
  );
  return { students: batch.size, enrollments: rows.length, perSection };
}
