import type { z } from 'zod';
import type { RosterQuery } from '../../../shared/contract/rosters';
import { accessDisplayText, currentAccessDisplay, optStatusText } from '../../../shared/status';
import { formatUsDate, localIsoDate } from '../../../shared/validation';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { batches } from '../../lib/batches';
import type { DropCause } from '../../../shared/contract/inclusive-access';
import { courseBilling } from '../inclusive-access';
import { rosterBatch, rosterPage, sectionName } from './rosters.queries';

type Row = Awaited<ReturnType<typeof rosterPage>>['rows'][number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type Judge = NonNullable<Awaited<ReturnType<typeof courseBilling>>>['judge'];

const toStudent = (judge: Judge) => (r: Row) => ({
  enrollmentId: r.enrollmentId,
  userId: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  username: r.username,
  access: { type: r.accessType, endsAt: r.accessEndsAt ? r.accessEndsAt.toISOString() : null },
  currentAccess: r.currentAccess,
  optStatus: (r.optStatus === 'optout' ? 'optout' : 'optin') as 'optin' | 'optout',
  courseRole: (r.courseRole === 'instructor' || r.courseRole === 'ta' ? r.courseRole : 'student') as
    | 'student'
    | 'instructor'
    | 'ta',
  optDecided: r.optDecidedAt !== null,
  remindedAt: iso(r.remindedAt),
  droppedAt: iso(r.droppedAt),
  dropCause: r.dropCause as DropCause | null,
  billing: judge(r),
});

export async function roster(db: Db, q: z.infer<typeof RosterQuery>, now: Date = new Date()) {
  const section = await sectionName(db, q.sectionId);
  const billing = await courseBilling(db, q.sectionId, now);
  if (!section || !billing) throw notFound('Course');
  const { rows, total } = await rosterPage(db, q);
  return {
    sectionId: q.sectionId,
    courseName: section.courseName,
    window: billing.window,
    students: rows.map(toStudent(billing.judge)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const ROSTER_COLUMNS = [
  'First Name',
  'Last Name',
  'E-mail',
  'Username',
  'Access',
  'Access Ends',
  'Current Access',
  'Opt Status',
] as const;

/** The whole roster as CSV lines (streamed in batches); the download is audited. */
export async function rosterExport(
  db: Db,
  actor: Actor,
  sectionId: number,
  institutionId: number | undefined,
) {
  const section = await sectionName(db, sectionId);
  if (!section) throw notFound('Course');
  await audit(db, actor, {
    action: 'roster.export',
    entityType: 'section',
    entityId: sectionId,
    institutionId,
  });
  const now = new Date();
  async function* rows() {
    for await (const r of batches(
      (after: number | null) => rosterBatch(db, sectionId, after),
      (r) => r.enrollmentId,
    )) {
      yield [
        r.firstName,
        r.lastName,
        r.email,
        r.username,
        accessDisplayText({ type: r.accessType, endsAt: r.accessEndsAt }, now),
        r.accessEndsAt ? formatUsDate(r.accessEndsAt) : '',
        currentAccessDisplay(r.currentAccess),
        optStatusText(r.optStatus),
      ];
    }
  }
  return { fileName: `Roster_${sectionId}_${localIsoDate()}.csv`, columns: ROSTER_COLUMNS, rows: rows() };
}
