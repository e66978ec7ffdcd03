import { CENSUS_COLUMNS, CS_REPORT_COLUMNS, IS_REPORT_COLUMNS } from '../../../shared/contract/reports';
import {
  accessDisplayText,
  BILLING_STATUS_TEXT,
  billingStatus,
  COURSE_TYPE_TEXT,
  coursePeriodOf,
  currentAccessDisplay,
  offerTypeText,
  optStatusText,
} from '../../../shared/status';
import { censusDate, formatUsDate } from '../../../shared/validation';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { todayInInstitution } from '../../lib/institution-today';
import type { PeriodFilter } from '../courses';
import { institutionDetails } from '../institutions';
import { batches } from '../../lib/batches';
import { enrollmentBatch, enrollmentStats, type Stats, sectionBatch } from './reports.queries';

export type ReportKind = 'ISReport' | 'CSReport' | 'CensusData';

export interface Report {
  fileName: string;
  columns: readonly string[];
  rows: AsyncIterable<unknown[]>;
}

const periodText = { current: 'Current', future: 'Future', past: 'Past' } as const;

async function* sectionLines(db: Db, institutionId: number, period: PeriodFilter, census: boolean) {
  const day = await todayInInstitution(db, institutionId);
  const now = new Date();
  let pending: Awaited<ReturnType<typeof sectionBatch>> = [];
  const source = batches(
    async (after: number | null) => {
      pending = await sectionBatch(db, institutionId, period, day, after, census);
      return pending;
    },
    (row) => row.sectionId,
  );
  let stats = new Map<number, Stats>();
  let statsFor: typeof pending | null = null;
  for await (const s of source) {
    if (statsFor !== pending) {
      statsFor = pending;
      stats = await enrollmentStats(
        db,
        pending.map((p) => p.sectionId),
        now,
      );
    }
    const st = stats.get(s.sectionId) ?? { total: 0, paid: 0, trial: 0, expired: 0, optedIn: 0, optedOut: 0 };
    const census = censusDate(s.startDate, s.censusDuration);
    yield { s, st, census, billing: BILLING_STATUS_TEXT[billingStatus(s.accessType, census, day)], day };
  }
}

async function* isReportRows(db: Db, institutionId: number, period: PeriodFilter) {
  for await (const { s, st, census, billing, day } of sectionLines(db, institutionId, period, false)) {
    yield [
      s.sectionId,
      s.courseName,
      s.sectionCode,
      s.instructor,
      formatUsDate(s.startDate),
      formatUsDate(s.endDate),
      periodText[coursePeriodOf(s.startDate, s.endDate, day)],
      COURSE_TYPE_TEXT[s.courseType as keyof typeof COURSE_TYPE_TEXT] ?? s.courseType,
      s.productName,
      s.isbn,
      offerTypeText(s.accessType),
      billing,
      census ? formatUsDate(census) : 'not set',
      st.total,
      st.paid,
      st.trial,
      st.expired,
      st.optedOut,
    ];
  }
}

async function* censusRows(db: Db, institutionId: number, period: PeriodFilter) {
  for await (const { s, st, census, billing } of sectionLines(db, institutionId, period, true)) {
    yield [
      s.sectionId,
      s.courseName,
      s.sectionCode,
      formatUsDate(s.startDate),
      s.censusDuration,
      formatUsDate(census),
      offerTypeText(s.accessType),
      billing,
      st.total,
      st.optedIn,
      st.optedOut,
    ];
  }
}

async function* csReportRows(db: Db, institutionId: number, period: PeriodFilter) {
  const day = await todayInInstitution(db, institutionId);
  const now = new Date();
  const source = batches(
    (after: number | null) => enrollmentBatch(db, institutionId, period, day, after),
    (row) => row.enrollmentId,
  );
  for await (const e of source) {
    yield [
      e.sectionId,
      e.courseName,
      e.sectionCode,
      `${e.firstName} ${e.lastName}`.trim(),
      e.email,
      e.username,
      accessDisplayText({ type: e.accessType, endsAt: e.accessEndsAt }, now),
      e.accessEndsAt ? formatUsDate(e.accessEndsAt) : '',
      currentAccessDisplay(e.currentAccess),
      optStatusText(e.optStatus),
    ];
  }
}

/** A report of an institution, ready to stream; 404 for an unknown institution. Downloads are audited. */
export async function report(
  db: Db,
  actor: Actor,
  kind: ReportKind,
  institutionId: number,
  coursePeriod: string,
): Promise<Report> {
  const inst = await institutionDetails(db, institutionId).catch(() => null);
  if (!inst) throw notFound('Institution');
  const period = coursePeriod.toLowerCase() as PeriodFilter;
  await audit(db, actor, {
    action: `report.${kind}`,
    entityType: 'institution',
    entityId: institutionId,
    institutionId,
    after: { coursePeriod: period },
  });
  const fileName = `${kind}_${institutionId}_${await todayInInstitution(db, institutionId)}.csv`;
  if (kind === 'ISReport')
    return { fileName, columns: IS_REPORT_COLUMNS, rows: isReportRows(db, institutionId, period) };
  if (kind === 'CSReport')
    return { fileName, columns: CS_REPORT_COLUMNS, rows: csReportRows(db, institutionId, period) };
  return { fileName, columns: CENSUS_COLUMNS, rows: censusRows(db, institutionId, period) };
}
