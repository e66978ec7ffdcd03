import type { z } from 'zod';
import {
  type BillableReason,
  CENSUS_STUDENT_COLUMNS,
  type CensusCourse,
  type CensusReportQuery,
} from '../../../shared/contract/inclusive-access';
import { accessDisplayText, optStatusText } from '../../../shared/status';
import { formatUsDate, localIsoDate } from '../../../shared/validation';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { institutionCensus, reportBatch, reportSections } from './ia.report.queries';
import { billable, optModelOf, optWindow, todayFor } from './ia.rules';
import { institutionTimeZone } from '../../lib/institution-today';

type Query = z.infer<typeof CensusReportQuery>;
type Course = z.infer<typeof CensusCourse>;

/** English wording of the reasons in the files (the web shows them through i18n). */
export const REASON_TEXT: Record<BillableReason, string> = {
  billable: 'Billable',
  droppedAfterCensus: 'Dropped after census (billed)',
  staff: 'Instructor or TA',
  notInclusive: 'No inclusive offer',
  droppedBeforeCensus: 'Dropped before census',
  optedOut: 'Opted out',
  notOptedIn: 'Not opted in',
  providerPaid: 'Provider paid',
  trialRunning: '14 day trial running',
  accessExpired: 'Access expired',
};

/** The report's enrollments, a batch of courses at a time (each course's through the section index). */
async function* courseByCourse(db: Db, institutionId: number, q: Query, today: string) {
  let after: number | null = null;
  for (;;) {
    const ids = await reportSections(db, institutionId, q.coursePeriod, today, after);
    if (ids.length === 0) return;
    yield* await reportBatch(db, ids);
    after = ids[ids.length - 1];
  }
}

/** Every enrollment of the report with its census and its verdict from THE billable rule. */
async function* judged(db: Db, institutionId: number, q: Query, now: Date) {
  const inst = await institutionCensus(db, institutionId);
  if (!inst) throw notFound('Institution');
  const zone = { timeZone: await institutionTimeZone(db, institutionId) };
  const today = todayFor(zone, now);
  for await (const r of courseByCourse(db, institutionId, q, today)) {
    const w = optWindow(r, inst, today);
    const verdict = billable(
      {
        ...r,
        optModel: w.optModel,
        optDecided: r.optDecidedAt !== null,
        droppedOn: r.droppedAt ? todayFor(zone, r.droppedAt) : null,
        censusDate: w.censusDate,
      },
      now,
    );
    yield { r, w, verdict };
  }
}

/** Per-course counts and their totals, from the same rows and rule as the files. */
export async function censusReport(db: Db, institutionId: number, q: Query, now: Date) {
  const inst = await institutionCensus(db, institutionId);
  if (!inst) throw notFound('Institution');
  const courses = new Map<number, Course>();
  for await (const { r, w, verdict } of judged(db, institutionId, q, now)) {
    let c = courses.get(r.sectionId);
    if (!c) {
      c = {
        sectionId: r.sectionId,
        courseName: r.courseName,
        sectionCode: r.sectionCode,
        censusDate: w.censusDate,
        locked: w.locked,
        enrollments: 0,
        billable: 0,
        nonBillable: 0,
        optedOut: 0,
        trialRunning: 0,
        lateOverrides: 0,
      };
      courses.set(r.sectionId, c);
    }
    c.enrollments++;
    if (verdict.billable) c.billable++;
    else c.nonBillable++;
    if (verdict.reason === 'optedOut') c.optedOut++;
    if (verdict.reason === 'trialRunning') c.trialRunning++;
    if (r.lateOverride) c.lateOverrides++;
  }
  const list = [...courses.values()].sort((a, b) => a.sectionId - b.sectionId);
  const keys = [
    'enrollments',
    'billable',
    'nonBillable',
    'optedOut',
    'trialRunning',
    'lateOverrides',
  ] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, list.reduce((n, c) => n + c[k], 0)])) as Record<
    (typeof keys)[number],
    number
  >;
  return { optModel: optModelOf(inst.offerType), courses: list, totals };
}

/** The per-student lines (shared by CSV and .xlsx). */
async function* studentLines(db: Db, institutionId: number, q: Query, now: Date) {
  for await (const { r, w, verdict } of judged(db, institutionId, q, now)) {
    yield [
      r.sectionId,
      r.courseName,
      r.sectionCode ?? '',
      w.censusDate ? formatUsDate(w.censusDate) : 'not set',
      `${r.firstName} ${r.lastName}`.trim(),
      r.email,
      r.username,
      r.courseRole,
      accessDisplayText({ type: r.accessType, endsAt: r.accessEndsAt }, now),
      optStatusText(r.optStatus),
      r.droppedAt ? formatUsDate(r.droppedAt) : '',
      verdict.billable ? 'Yes' : 'No',
      REASON_TEXT[verdict.reason],
      r.lateOverride ? 'Yes' : 'No',
    ];
  }
}

/** The per-student census file, streamed; the download is audited. */
export async function censusExport(
  db: Db,
  actor: Actor,
  institutionId: number,
  q: Query & { format: 'csv' | 'xlsx' },
  now: Date,
) {
  if (!(await institutionCensus(db, institutionId))) throw notFound('Institution');
  await audit(db, actor, {
    action: 'censusReport.export',
    entityType: 'institution',
    entityId: institutionId,
    institutionId,
    after: { coursePeriod: q.coursePeriod, format: q.format },
  });
  const fileName = `Census_${institutionId}_${q.coursePeriod}_${localIsoDate(now)}.${q.format}`;
  return { fileName, columns: CENSUS_STUDENT_COLUMNS, rows: studentLines(db, institutionId, q, now) };
}
