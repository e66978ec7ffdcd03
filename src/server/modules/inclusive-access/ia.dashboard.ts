import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute';
import { todayInInstitution } from '../../lib/institution-today';
import { addDaysIso as addDays } from '../../../shared/validation';

type Period = 'past' | 'current' | 'future';
interface Overview {
  periods: { period: Period; courses: number; students: number }[];
  near: { sectionId: number; courseName: string; censusDate: string; students: number; optedOut: number }[];
  low: { sectionId: number; courseName: string; students: number }[];
  paired: number;
  unpaired: number;
  copies: { status: string; count: number }[];
}
/** "Near census": census within the last 30 days or the next 90. */
const CENSUS_PAST_DAYS = 30;
const CENSUS_AHEAD_DAYS = 90;
const TOP = 10;

/**
 * The institution overview in one aggregate statement (after the institution's "today"): its live
 * courses with their student and opt-out counts, each read from the covering index
 * enrollments (section_id, course_role, opt_status) alone, summed and ranked in the database, and
 * its course copies of the last 30 days. Only the few figures the page shows leave the database.
 */
export async function dashboard(db: Db, institutionId: number, threshold: number, now: Date) {
  const today = await todayInInstitution(db, institutionId, now);
  const from = addDays(today, -CENSUS_PAST_DAYS);
  const to = addDays(today, CENSUS_AHEAD_DAYS);
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [o] = await executeRows<{ overview: Overview | string }>(
    db,
    sql`
    with c as (
      select s.id, s.course_name, s.product_id,
        s.course_type <> 'parent' and s.use_type = 'studentuse' as student_course,
        case when s.census_duration >= 0 then s.start_date + s.census_duration
             when i.census_duration >= 0 then s.start_date + i.census_duration end as census,
        case when s.end_date < ${today}::date then 'past' when s.start_date > ${today}::date then 'future'
             else 'current' end as period,
        e.students, e.opted_out
      from sections s join institutions i on i.id = s.institution_id
      cross join lateral (
        select count(*)::int as students, count(*) filter (where opt_status = 'optout')::int as opted_out
        from enrollments where section_id = s.id and course_role = 'student'
      ) e
      where s.institution_id = ${institutionId} and s.deleted_at is null
    )
    select json_build_object(
      'periods', (select coalesce(json_agg(p), '[]') from (
        select period, count(*)::int as courses, coalesce(sum(students), 0)::int as students
        from c group by period) p),
      'near', (select coalesce(json_agg(n order by n.rate desc, n."sectionId"), '[]') from (
        select id as "sectionId", course_name as "courseName", to_char(census, 'YYYY-MM-DD') as "censusDate",
          students, opted_out as "optedOut", opted_out::float8 / students as rate
        from c where census between ${from}::date and ${to}::date and students > 0
        order by rate desc, id limit ${TOP}) n),
      'low', (select coalesce(json_agg(l order by l.students, l."sectionId"), '[]') from (
        select id as "sectionId", course_name as "courseName", students
        from c where period = 'current' and student_course and students < ${threshold}
        order by students, id limit ${TOP}) l),
      'paired', (select count(*)::int from c where period <> 'past' and product_id is not null),
      'unpaired', (select count(*)::int from c where period <> 'past' and product_id is null),
      'copies', (select coalesce(json_agg(k order by k.status), '[]') from (
        select j.status, count(*)::int as count
        from copy_jobs j join copy_requests r on r.id = j.request_id
        where r.institution_id = ${institutionId} and j.created_at >= ${since}
        group by j.status) k)
    ) as overview`,
  );
  const d: Overview = typeof o.overview === 'string' ? JSON.parse(o.overview) : o.overview;
  const byPeriod = new Map(d.periods.map((p) => [p.period, p]));
  return {
    enrollmentByPeriod: (['past', 'current', 'future'] as const).map(
      (period) => byPeriod.get(period) ?? { period, courses: 0, students: 0 },
    ),
    optOutNearCensus: d.near.map(({ sectionId, courseName, censusDate, students, optedOut }) => ({
      sectionId,
      courseName,
      censusDate,
      students,
      optedOut,
    })),
    pairing: { paired: d.paired, unpaired: d.unpaired },
    copyOutcomes: d.copies,
    lowEnrollment: d.low,
    lowEnrollmentThreshold: threshold,
  };
}
