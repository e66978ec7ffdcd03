import type { Locale } from '../../../shared/constants';
import { OPT_OUT_MESSAGES } from '../../../shared/contract/opt-out';
import type { ServerCatalog } from '../../../shared/i18n';
import type { OptStatus } from '../../../shared/status';
import type { Db } from '../../db/client';
import { todayInInstitution } from '../../lib/institution-today';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { serverT } from '../../lib/i18n';
import { dropEnrollment, optWindow } from '../inclusive-access';
import { requireInstitution } from '../institutions';
import { decodeCsvText, type OptOutLine, parseOptOutCsv } from './optout.parse';
import {
  candidateEnrollments,
  fileRow,
  insertChanges,
  insertFile,
  liveFiles,
  markDeleted,
  revertFile,
  setOptStatus,
} from './optout.queries';

type Outcome = 'applied' | 'unchanged' | 'notFound' | 'invalid' | 'duplicate';
export interface RowReport {
  line: number;
  student: string;
  section: string;
  optStatus: OptStatus | null;
  outcome: Outcome;
  matched: number;
  changed: number;
  /** Why it matched nothing or was not valid, in English (reports stored before `reason` have only this). */
  message: string | null;
  /** The same as a key of `optOut.*` (src/shared/i18n) and its value: the answer is in the reader's language. */
  reason?: OptOutReason;
  reasonValue?: string;
}
interface StoredReport {
  rows: RowReport[];
  changed: number;
  notMatched: number;
}

type Candidate = Awaited<ReturnType<typeof candidateEnrollments>>[number];

function matches(c: Candidate, line: OptOutLine, today: string) {
  const who = line.student.toLowerCase();
  if (c.email !== who && c.username !== who) return false;
  if (line.sectionKind === 'id') return c.sectionId === Number(line.section);
  if (line.sectionKind === 'code') return c.sectionCode === line.section.toLowerCase();
  return c.endDate >= today; // no section: the student's current and future courses
}

type OptOutReason = keyof ServerCatalog['optOut'];
const english = serverT('en');
/** A row's reason: stored as its key and value, with the English text. */
const why = (reason: OptOutReason, value?: string) => ({
  message: english(`optOut.${reason}`, { value }),
  reason,
  ...(value === undefined ? {} : { reasonValue: value }),
});

/** The rows of a report with their reasons in `locale` (the stored English when a row has no key). */
function inLanguage(rows: RowReport[], locale: Locale) {
  const t = serverT(locale);
  return rows.map(({ reason, reasonValue, ...row }) =>
    reason ? { ...row, message: t(`optOut.${reason}`, { value: reasonValue }) } : row,
  );
}

/** Works out, row by row, which enrollments the file sets to which opt status. */
/** The course's opt status is locked (census day has come, in the institution's day). */
const lockedOn = (c: Candidate, today: string) =>
  optWindow(c, { censusDuration: c.institutionCensusDuration, offerType: null }, today).locked;

function plan(lines: OptOutLine[], candidates: Candidate[], today: string) {
  /** Enrollments matched by some row: their status before the file and the one it leaves. */
  const state = new Map<number, { before: string; now: string; locked?: boolean }>();
  const seen = new Set<string>();
  const rows: RowReport[] = lines.map((line) => {
    const base = { line: line.line, student: line.student, section: line.section, optStatus: line.optStatus };
    if (line.invalid)
      return {
        ...base,
        outcome: 'invalid',
        matched: 0,
        changed: 0,
        ...why(line.invalid.reason, line.invalid.value),
      };
    const key = `${line.student.toLowerCase()}|${line.sectionKind}|${line.section.toLowerCase()}`;
    if (seen.has(key)) {
      return {
        ...base,
        outcome: 'duplicate',
        matched: 0,
        changed: 0,
        ...why('duplicate'),
      };
    }
    seen.add(key);
    const hit = candidates.filter((c) => matches(c, line, today));
    if (hit.length === 0) {
      const reason = line.sectionKind === 'none' ? 'noEnrollment' : 'notInSection';
      return { ...base, outcome: 'notFound', matched: 0, changed: 0, ...why(reason) };
    }
    let changed = 0;
    let locked = 0;
    for (const c of hit) {
      let s = state.get(c.enrollmentId);
      if (!s) {
        s = { before: c.optStatus, now: c.optStatus };
        state.set(c.enrollmentId, s);
      }
      // An enrollment dropped already (by anything) is not dropped again: opting it out changes nothing.
      const dropsDropped = line.optStatus === 'optout' && c.droppedAt !== null;
      if (s.now === line.optStatus || dropsDropped) continue;
      if (lockedOn(c, today)) {
        // from census day on the status is locked: an opt-out is still the drop (recorded, billing
        // unchanged), an opt-in changes nothing
        locked++;
        if (line.optStatus === 'optout') Object.assign(s, { now: 'optout', locked: true });
        continue;
      }
      s.now = line.optStatus as OptStatus;
      changed++;
    }
    if (!changed && locked)
      return { ...base, outcome: 'unchanged', matched: hit.length, changed, ...why('locked') };
    return {
      ...base,
      outcome: changed ? 'applied' : 'unchanged',
      matched: hit.length,
      changed,
      message: null,
    };
  });
  return { rows, state };
}

/**
 * Applies a file's changes: an opt-in sets the status; an opt-out is THE drop of the enrollment
 * (dropEnrollment, cause optOutFile: before census the student is opted out and their access ends,
 * from census on the drop is only recorded), audited each. Returns the change rows to keep, with
 * what each drop changed, so deleting the file can revert it.
 */
async function apply(
  tx: Db,
  actor: Actor,
  fileId: number,
  state: Map<number, { before: string; now: string; locked?: boolean }>,
  candidates: Candidate[],
  now: Date,
) {
  const changed = [...state.entries()].filter(([, s]) => s.before !== s.now);
  await setOptStatus(
    tx,
    changed.filter(([, s]) => s.now === 'optin').map(([id]) => id),
    'optin',
  );
  const byId = new Map(candidates.map((c) => [c.enrollmentId, c]));
  const drops = new Map<number, string>();
  for (const [id, s] of changed) {
    if (s.now !== 'optout') continue;
    const r = await dropEnrollment(tx, actor, id, 'optOutFile', now);
    if (r.changed) drops.set(id, r.optStatus);
  }
  return [...state.entries()].map(([enrollmentId, s]) => {
    const dropped = drops.get(enrollmentId);
    if (dropped === undefined)
      return { fileId, enrollmentId, previousOptStatus: s.before, newOptStatus: s.now };
    const c = byId.get(enrollmentId);
    return {
      fileId,
      enrollmentId,
      previousOptStatus: s.before,
      newOptStatus: dropped,
      droppedAt: now,
      previousAccessEndsAt: c?.accessEndsAt ?? null,
      previousOptDecidedAt: c?.optDecidedAt ?? null,
    };
  });
}

/** Reads an uploaded opt-out file, applies it to the enrollments and keeps what it changed. */
export async function uploadOptOutFile(
  db: Db,
  actor: Actor,
  institutionId: number,
  file: { fileName: string; contentType: string; content: Buffer },
  locale: Locale,
  now: Date,
) {
  await requireInstitution(db, institutionId);
  const lines = await parseOptOutCsv(decodeCsvText(file.content));
  const today = await todayInInstitution(db, institutionId, now);
  const students = [...new Set(lines.filter((l) => !l.invalid).map((l) => l.student.toLowerCase()))];
  return db.transaction(async (tx) => {
    const candidates = await candidateEnrollments(tx, institutionId, students);
    const { rows, state } = plan(lines, candidates, today);
    const report: StoredReport = {
      rows,
      changed: [...state.values()].filter((s) => s.before !== s.now && !s.locked).length,
      notMatched: rows.filter((r) => r.outcome === 'notFound' || r.outcome === 'invalid').length,
    };
    const saved = await insertFile(tx, {
      institutionId,
      fileName: file.fileName,
      contentType: file.contentType,
      content: file.content,
      report,
      uploadedBy: actor.userId,
    });
    await insertChanges(tx, await apply(tx, actor, saved.id, state, candidates, now));
    await audit(tx, actor, {
      action: 'optout.upload',
      entityType: 'opt_out_file',
      entityId: saved.id,
      institutionId,
      after: {
        fileName: file.fileName,
        rows: rows.length,
        changed: report.changed,
        notMatched: report.notMatched,
      },
    });
    return {
      message: OPT_OUT_MESSAGES.uploaded,
      fileId: saved.id,
      fileName: file.fileName,
      uploadedBy: actor.username,
      createdAt: saved.createdAt.toISOString(),
      rows: rows.length,
      changed: report.changed,
      notMatched: report.notMatched,
      report: inLanguage(rows, locale),
    };
  });
}

type FileRow = NonNullable<Awaited<ReturnType<typeof fileRow>>>;
function summary(f: FileRow) {
  const r = (f.report ?? { rows: [], changed: 0, notMatched: 0 }) as StoredReport;
  return {
    fileId: f.fileId,
    fileName: f.fileName,
    uploadedBy: f.uploadedBy,
    createdAt: f.createdAt.toISOString(),
    rows: r.rows.length,
    changed: r.changed,
    notMatched: r.notMatched,
  };
}

export async function listOptOutFiles(db: Db, institutionId: number) {
  await requireInstitution(db, institutionId);
  return { files: (await liveFiles(db, institutionId)).map(summary) };
}

export async function optOutFileReport(db: Db, fileId: number, locale: Locale) {
  const f = await fileRow(db, fileId);
  if (!f || f.deletedAt) throw notFound('Opt-out file');
  return { ...summary(f), report: inLanguage(((f.report ?? { rows: [] }) as StoredReport).rows, locale) };
}

/** Deletes a file and reverts exactly what it applied (see revertFile). */
export async function deleteOptOutFile(db: Db, actor: Actor, fileId: number) {
  return db.transaction(async (tx) => {
    const f = await fileRow(tx, fileId);
    if (!f || f.deletedAt) throw notFound('Opt-out file');
    if (!(await markDeleted(tx, fileId)))
      throw new AppError('error.optOutDeleting', 'This file is being deleted already.');
    const { reverted, changed } = await revertFile(tx, fileId);
    await audit(tx, actor, {
      action: 'optout.delete',
      entityType: 'opt_out_file',
      entityId: fileId,
      institutionId: f.institutionId,
      before: { fileName: f.fileName },
      after: { reverted, kept: changed - reverted },
    });
    return { message: OPT_OUT_MESSAGES.deleted, fileId, reverted, kept: changed - reverted };
  });
}
