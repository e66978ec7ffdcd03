import {
  type CopyStatus,
  copyValidationMessage,
  isFinalCopyStatus,
} from '../../../shared/contract/course-copy';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { auditMany } from '../../lib/audit';
import { capabilities } from '../../lib/capabilities';
import * as b from './copy-batch.queries';
import { ruleFor } from './copy-validation.service';
import * as q from './course-copy.queries';

type CopyRow = Awaited<ReturnType<typeof b.lockCopyJobs>>[number];
type Source = NonNullable<ReturnType<Awaited<ReturnType<typeof b.sourceSections>>['get']>>;
type RequestState = Awaited<ReturnType<typeof requestState>>;

/** Thrown for failures whose message may be shown to users as the reason. */
export class CopyFailure extends Error {}

/**
 * Copies the courses in the transaction `tx`, together: each course's row is locked and checked
 * to be still its job's, not final and without a section; the copy rules are checked again with the
 * requester's rights now; the sections, their instructors, the courses' outcomes and the audit rows
 * are written a statement per step for all of them. Returns, per course, the final status written,
 * or true when the course was final already or is not its job's any more. Throws, writing nothing
 * (the transaction rolls back), when any course changed under it.
 */
export async function copyTogether(tx: Db, owners: b.CopyOwner[]): Promise<Map<number, CopyStatus | true>> {
  const result = new Map<number, CopyStatus | true>(owners.map((o) => [o.copyJobId, true]));
  const queueJob = new Map(owners.map((o) => [o.copyJobId, o.queueJobId]));
  const rows = (await b.lockCopyJobs(tx, [...queueJob.keys()])).filter(
    (r) =>
      r.queueJobId === queueJob.get(r.id) &&
      r.resultSectionId === null &&
      !isFinalCopyStatus(r.status as CopyStatus),
  );
  if (rows.length === 0) return result;
  const sources = await b.sourceSections(tx, [...new Set(rows.map((r) => r.sourceSectionId))]);
  const requests = new Map<string, RequestState>();
  for (const requestId of new Set(rows.map((r) => r.requestId)))
    requests.set(requestId, await requestState(tx, requestId, [...sources.values()]));

  const copies: { row: CopyRow; source: Source['section']; request: RequestState }[] = [];
  for (const row of rows) {
    const request = requests.get(row.requestId)!;
    const source = sources.get(row.sourceSectionId);
    const refusal = refusalOf(source, request);
    if (refusal) {
      await q.setOutcome(tx, row.id, row.queueJobId!, refusal);
      result.set(row.id, refusal.status);
    } else copies.push({ row, source: source!.section, request });
  }
  if (copies.length === 0) return result;

  const sectionIds = await b.insertSections(
    tx,
    copies.map(({ row, source, request }) => newSection(row, source, request.child, request.requestedBy)),
  );
  const made = copies.map((c, i) => ({ ...c, sectionId: sectionIds[i] }));
  await b.copyInstructors(
    tx,
    made.map((m) => ({ from: m.source.id, to: m.sectionId })),
  );
  await b.makeParents(tx, [...new Set(made.filter((m) => m.request.child).map((m) => m.source.id))]);
  const marked = await b.setSucceeded(
    tx,
    made.map((m) => ({ copyJobId: m.row.id, queueJobId: m.row.queueJobId!, sectionId: m.sectionId })),
  );
  if (marked.length !== made.length) throw new CopyFailure('the course changed while it was being copied');
  for (const requestId of requests.keys()) {
    const ofRequest = made.filter((m) => m.row.requestId === requestId);
    if (ofRequest.length) await auditCopies(tx, ofRequest);
  }
  for (const m of made) result.set(m.row.id, 'succeeded');
  return result;
}

/** What the copy job needs of a request: kind, requester and whether the rules let them copy now. */
async function requestState(tx: Db, requestId: string, sources: Source[]) {
  const { request, institutionActive, requester } = await q.requestContext(tx, requestId);
  const caps = await capabilities(tx, requester, request.institutionId);
  const productIds = [
    ...new Set(sources.map((s) => s.section.productId).filter((p): p is number => p !== null)),
  ];
  return {
    requestId,
    institutionId: request.institutionId,
    requestedBy: request.requestedBy,
    child: request.kind === 'child',
    institutionActive,
    mayCopy: requester.status === 'active' && can(caps, 'copyCourses'),
    offered: await q.productsWithActiveOffer(tx, request.institutionId, productIds),
  };
}

/** The outcome of a course that is not copied (its source is gone, or a copy rule no longer holds), or null. */
function refusalOf(source: Source | undefined, request: RequestState) {
  if (!source || source.section.deletedAt) {
    const reason = request.child
      ? 'The parent course was removed before the child course could be created.'
      : 'The course to copy was removed before the copy started.';
    return { status: 'notapplicable' as const, reason, reasonCode: null };
  }
  const code = ruleFor(
    { ...source.section, ...source },
    { active: request.institutionActive },
    request.mayCopy,
    request.offered,
  );
  if (code === null) return null;
  const reason = `The course can no longer be copied: ${copyValidationMessage(code)}.`;
  return { status: 'FailedPermanently' as const, reason, reasonCode: code };
}

function newSection(row: CopyRow, full: Source['section'], child: boolean, createdBy: number) {
  return {
    institutionId: full.institutionId,
    productId: full.productId,
    parentSectionId: child ? full.id : null,
    courseType: child ? 'child' : 'standalone',
    useType: full.useType,
    courseName: row.courseName,
    description: full.description,
    sectionCode: child ? null : full.sectionCode,
    startDate: row.startDate ?? full.startDate,
    endDate: row.endDate ?? full.endDate,
    censusDuration: full.censusDuration,
    lmsKind: full.lmsKind,
    copiedFromSectionId: full.id,
    createdBy,
  };
}

async function auditCopies(
  tx: Db,
  made: { row: CopyRow; source: Source['section']; request: RequestState; sectionId: number }[],
) {
  const { request } = made[0];
  await auditMany(
    tx,
    { userId: request.requestedBy },
    made.map(({ row, source, sectionId }) => ({
      action: request.child ? 'course.child.create' : 'course.copy',
      entityType: 'section',
      entityId: sectionId,
      institutionId: request.institutionId,
      after: {
        sourceSectionId: source.id,
        copyJobId: row.id,
        trackingId: row.requestId,
        courseName: row.courseName,
      },
    })),
  );
}
