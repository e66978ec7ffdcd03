import type { z } from 'zod';
import {
  type AcknowledgeAlertsBody,
  type AlertBucket,
  type AlertsQuery,
  type AlertsResponse,
  alertBucket,
} from '../../../shared/contract/alerts';
import type { CopyStatus } from '../../../shared/contract/course-copy';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { accessDenied } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { copyAlertOwners, unacknowledgedCopyAlerts } from '../course-copy';
import * as q from './alerts.queries';

type Bucket = z.infer<typeof AlertBucket>;

/**
 * GET alert/alerts: the caller's unacknowledged alerts in the institution — their finished copies
 * and the institution's section alerts — in today / yesterday / older on the caller's calendar (tz).
 */
export async function listAlerts(
  db: Db,
  actor: Actor,
  query: z.infer<typeof AlertsQuery>,
  now = new Date(),
): Promise<z.infer<typeof AlertsResponse>> {
  const [copies, sections] = await Promise.all([
    unacknowledgedCopyAlerts(db, actor.userId, query.organizationId),
    q.unacknowledgedSectionAlerts(db, actor.userId, query.organizationId),
  ]);
  const empty = (): Bucket => ({ courseCopyStatuses: [], sections: [] });
  const out = { today: empty(), yesterday: empty(), older: empty() };
  for (const c of copies) {
    const at = c.createdDate ?? now;
    out[alertBucket(at, now, query.tz)].courseCopyStatuses.push({
      id: c.id,
      sectionId: c.sectionId,
      courseName: c.courseName,
      sectionCode: c.sectionCode,
      createdDate: at.toISOString(),
      status: c.status as CopyStatus,
    });
  }
  for (const s of sections) {
    out[alertBucket(s.alertDate, now, query.tz)].sections.push({
      id: s.id,
      sectionId: s.sectionId,
      title: s.title,
      alertDate: s.alertDate.toISOString(),
      alertType: s.alertType,
    });
  }
  return out;
}

/**
 * POST alert/alerts/acknowledge: hides alerts for the caller only. The route has checked that every
 * alert is of the institution; copy-status alerts must also be the caller's own (403).
 */
export async function acknowledgeAlerts(
  db: Db,
  actor: Actor,
  organizationId: number,
  body: z.infer<typeof AcknowledgeAlertsBody>,
) {
  const ids = [...new Set(body.ids)];
  const sectionIds = [...new Set(body.sectionIds)];
  const owners = new Map((await copyAlertOwners(db, ids)).map((c) => [c.id, c.requestedBy]));
  if (ids.some((id) => owners.get(id) !== actor.userId)) throw accessDenied();
  const acknowledged = await db.transaction(async (tx) => {
    const n =
      (await q.acknowledge(tx, actor.userId, 'copy', ids)) +
      (await q.acknowledge(tx, actor.userId, 'section', sectionIds));
    await audit(tx, actor, {
      action: 'alert.acknowledge',
      entityType: 'alert',
      entityId: null,
      institutionId: organizationId,
      after: { ids, sectionIds },
    });
    return n;
  });
  return { status: 'OK' as const, acknowledged };
}

/** The scheduled scan: raises the section alerts that are due. */
export async function scanSectionAlerts(
  db: Db,
  config: Pick<Config, 'lowEnrollmentThreshold' | 'lowEnrollmentAfterDays'>,
) {
  const lowEnrollment = await q.raiseLowEnrollment(
    db,
    config.lowEnrollmentThreshold,
    config.lowEnrollmentAfterDays,
  );
  const readyForEnrollment = await q.raiseReadyForEnrollment(db);
  return { lowEnrollment, readyForEnrollment };
}
