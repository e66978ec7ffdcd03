import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ALERT_TYPES, READY_FOR_ENROLLMENT_DAYS } from '../../../shared/contract/alerts';
import type { Db } from '../../db/client';
import { alertAcknowledgements, sectionAlerts, sections } from '../../db/schema';

/** Most section alerts returned (newest first). */
const MAX_ALERTS = 2000;

/** Section alerts of an institution's live sections that the user has not acknowledged. */
export async function unacknowledgedSectionAlerts(db: Db, userId: number, institutionId: number) {
  return db
    .select({
      id: sectionAlerts.id,
      sectionId: sectionAlerts.sectionId,
      title: sectionAlerts.title,
      alertDate: sectionAlerts.alertDate,
      alertType: sectionAlerts.alertType,
    })
    .from(sectionAlerts)
    .innerJoin(sections, eq(sections.id, sectionAlerts.sectionId))
    .where(
      and(
        eq(sectionAlerts.institutionId, institutionId),
        isNull(sections.deletedAt),
        sql`not exists (select 1 from ${alertAcknowledgements} a where a.user_id = ${userId}
              and a.alert_kind = 'section' and a.alert_id = ${sectionAlerts.id})`,
      ),
    )
    .orderBy(desc(sectionAlerts.alertDate), desc(sectionAlerts.id))
    .limit(MAX_ALERTS);
}

/** Records acknowledgements; returns how many were new. */
export async function acknowledge(db: Db, userId: number, kind: 'copy' | 'section', ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .insert(alertAcknowledgements)
    .values(ids.map((alertId) => ({ userId, alertKind: kind, alertId })))
    .onConflictDoNothing()
    .returning({ id: alertAcknowledgements.alertId });
  return rows.length;
}

/**
 * Raises low_enrollment for current student-use sections that, `afterDays` days after they started,
 * have fewer than `threshold` students; once per section. Instructor-use sections and master shells
 * (a parent, or any section with children) have no students by design and never raise it. A section created after its start date (a copy or a
 * child of a running course) counts from its creation: it has had no time to enroll anyone before.
 */
export async function raiseLowEnrollment(db: Db, threshold: number, afterDays: number) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into section_alerts (section_id, institution_id, alert_type, title, alert_date)
    select s.id, s.institution_id, ${ALERT_TYPES.lowEnrollment}, s.course_name, now()
    from sections s
    where s.deleted_at is null
      and greatest(s.start_date, s.created_at::date) <= current_date - ${afterDays}::int
      and s.end_date >= current_date
      and s.use_type = 'studentuse'
      and s.course_type <> 'parent'
      and not exists (select 1 from sections c where c.parent_section_id = s.id and c.deleted_at is null)
      and (select count(*) from enrollments e where e.section_id = s.id) < ${threshold}
    on conflict (section_id, alert_type) do nothing
    returning id`);
  return rowCount(rows);
}

/**
 * Raises ready_for_enrollment once a section is ready: it has a product and an instructor and
 * starts within the next READY_FOR_ENROLLMENT_DAYS days; once per section.
 */
export async function raiseReadyForEnrollment(db: Db) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into section_alerts (section_id, institution_id, alert_type, title, alert_date)
    select s.id, s.institution_id, ${ALERT_TYPES.readyForEnrollment}, s.course_name, now()
    from sections s
    where s.deleted_at is null
      and s.product_id is not null
      and s.start_date between current_date and current_date + ${READY_FOR_ENROLLMENT_DAYS}::int
      and exists (select 1 from section_instructors i where i.section_id = s.id)
    on conflict (section_id, alert_type) do nothing
    returning id`);
  return rowCount(rows);
}

/** node-postgres answers { rows }, PGlite { rows } too; count either. */
function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[] } | unknown[];
  return Array.isArray(r) ? r.length : (r.rows?.length ?? 0);
}
