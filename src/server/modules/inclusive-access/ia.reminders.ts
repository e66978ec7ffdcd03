import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, institutions, sections, users } from '../../db/schema';
import type { JobSender } from '../../jobs/define';
import { queueMails } from '../mail';
import { todayInInstitution } from '../../lib/institution-today';
import { reminderMail } from './ia.mail';
import { optModelOf } from './ia.rules';

const BATCH = 500;
const OPT_OFFER_TYPES = ['INCLUSIVE_ACCESS', 'EQUITABLE_ACCESS', 'OPT_IN'];

/** Census date of a course in SQL (the same rule as optWindow: the course's duration, else the institution's). */
const censusSql = sql<string>`(${sections.startDate} + (case when ${sections.censusDuration} >= 0
  then ${sections.censusDuration} else ${institutions.censusDuration} end))`;

/**
 * Sends the opt reminder to each undecided student whose course's census is `days` days away or
 * nearer but not reached: once per enrollment (reminded_at), in the student's language, in the
 * transaction that marks them, so a crash neither loses nor repeats a reminder. None from census on.
 * "Today" is each institution's own (its time zone), so the institutions are taken one by one.
 */
export async function sendOptReminders(db: Db, jobs: JobSender, days: number, now: Date) {
  const billed = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(inArray(institutions.offerType, OPT_OFFER_TYPES))
    .orderBy(institutions.id);
  let sent = 0;
  for (const { id } of billed)
    sent += await remindInstitution(db, jobs, id, days, now, await todayInInstitution(db, id, now));
  return sent;
}

async function remindInstitution(
  db: Db,
  jobs: JobSender,
  institutionId: number,
  days: number,
  now: Date,
  today: string,
) {
  let sent = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: enrollments.id,
          email: users.email,
          firstName: users.firstName,
          locale: users.locale,
          courseName: sections.courseName,
          censusDate: sql<string>`to_char(${censusSql}, 'YYYY-MM-DD')`,
          offerType: institutions.offerType,
        })
        .from(enrollments)
        .innerJoin(sections, eq(sections.id, enrollments.sectionId))
        .innerJoin(institutions, eq(institutions.id, sections.institutionId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(
          and(
            isNull(enrollments.remindedAt),
            isNull(enrollments.optDecidedAt),
            isNull(enrollments.droppedAt),
            eq(enrollments.courseRole, 'student'),
            eq(sections.institutionId, institutionId),
            isNull(sections.deletedAt),
            sql`(case when ${sections.censusDuration} >= 0 then ${sections.censusDuration} else ${institutions.censusDuration} end) >= 0`,
            sql`${censusSql} > ${today}::date`,
            sql`${censusSql} - ${days}::int <= ${today}::date`,
            sql`not exists (select 1 from section_instructors si
              where si.section_id = ${enrollments.sectionId} and si.user_id = ${enrollments.userId})`,
          ),
        )
        .limit(BATCH)
        .for('update', { of: enrollments, skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(enrollments)
        .set({ remindedAt: now })
        .where(
          inArray(
            enrollments.id,
            due.map((d) => d.id),
          ),
        );
      await queueMails(
        tx,
        jobs,
        due.map((d) => reminderMail(d, { ...d, optModel: optModelOf(d.offerType) })),
      );
      return due.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}
