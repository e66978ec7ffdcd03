import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addDaysIso as addDays } from '../../../shared/validation';
import { todayInInstitution } from '../../lib/institution-today';
import { executeRows } from '../../db/execute';

interface CourseAgg {
  id: number;
  course_name: string;
  period: 'past' | 'current' | 'future';
  paired: boolean;
  students: number;
  opted_out: number;
  student_course: boolean;
  census: string | null;
}
/** "Near census": census within the last 30 days or the next 90. */
const CENSUS_PAST_DAYS = 30;
const CENSUS_AHEAD_DAYS = 90;

/**
 * The institution overview in two aggregate statements: one over its live courses (with their student
 * and opt-out counts), one over its course copies of the last 30 days.
 */
export async function dashboard(db: Db, institutionId: number, threshold: number, now: Date) {
  const today = await todayInInstitution(db, institutionId, now);
  const courses = await executeRows<CourseAgg>(
    db,
    sql`
    with s as (
      select s.id, s.course_name, s.start_date, s.end_date, s.product_id, s.course_type, s.use_type,
        case when s.census_duration >= 0 then s.start_date + s.census_duration
             when i.census_duration >= 0 then s.start_date + i.census_duration end as census
      from sections s join institutions i on i.id = s.institution_id
      where s.institution_id = ${institutionId} and s.deleted_at is null
    ), c as (
      select s.*, coalesce(e.students, 0)::int as students, coalesce(e.opted_out, 0)::int as opted_out,
        case when s.end_date < ${today}::date then 'past' when s.start_date > ${today}::date then 'future'
             else 'current' end as period
      from s left join lateral (
        select count(*) filter (where course_role = 'student') as students,
               count(*) filter (where course_role = 'student' and opt_status = 'optout') as opted_out
        from enrollments where section_id = s.id
      ) e on true
    )
    select id, course_name, period, product_id is not null as paired, students, opted_out,
      course_type <> 'parent' and use_type = 'studentuse' as student_course,
      to_char(census, 'YYYY-MM-DD') as census
    from c`,
  );
  const copies = await executeRows<{ status: string; count: number }>(
    db,
    sql`
    select j.status, count(*)::int as count
    from copy_jobs j join copy_requests r on r.id = j.request_id
    where r.institution_id = ${institutionId} and j.created_at >= ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}
    group by j.status order by j.status`,
  );
  return shape(courses, copies, today, threshold);
}

function shape(
  rows: CourseAgg[],
  copies: { status: string; count: number }[],
  today: string,
  threshold: number,
) {
  const periods = (['past', 'current', 'future'] as const).map((period) => {
    const of = rows.filter((r) => r.period === period);
    return { period, courses: of.length, students: of.reduce((n, r) => n + r.students, 0) };
  });
  const from = addDays(today, -CENSUS_PAST_DAYS);
  const to = addDays(today, CENSUS_AHEAD_DAYS);
  const near = rows
    .filter((r) => r.census && r.census >= from && r.census <= to && r.students > 0)
    .sort((a, b) => b.opted_out / b.students - a.opted_out / a.students || a.id - b.id)
    .slice(0, 10)
    .map((r) => ({
      sectionId: r.id,
      courseName: r.course_name,
      censusDate: r.census as string,
      students: r.students,
      optedOut: r.opted_out,
    }));
  const live = rows.filter((r) => r.period !== 'past');
  const low = rows
    .filter((r) => r.period === 'current' && r.student_course && r.students < threshold)
    .sort((a, b) => a.students - b.students || a.id - b.id)
    .slice(0, 10)
    .map((r) => ({ sectionId: r.id, courseName: r.course_name, students: r.students }));
  return {
    enrollmentByPeriod: periods,
    optOutNearCensus: near,
    pairing: { paired: live.filter((r) => r.paired).length, unpaired: live.filter((r) => !r.paired).length },
    copyOutcomes: copies,
    lowEnrollment: low,
    lowEnrollmentThreshold: threshold,
  };
}
