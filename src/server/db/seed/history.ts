import { copyJobs, copyRequests } from '../schema';
import type { SeedContext, SeededInstitution } from './context';
import { type AlertBucket, bucketTime, type Day, isoDate } from './dates';
import type { People } from './people';
import { PERSONA_PLACES } from './personas';
import type { SectionDraft } from './sections';
import { nextTerm } from './terms';

/** Institutions with copy history and alerts: the registrar's two and the flag holders' two. */
export const HISTORY_INSTITUTIONS = [
  ...PERSONA_PLACES.registrarInstitutions,
  ...PERSONA_PLACES.flagHolderInstitutions,
] as readonly string[];

const REQUEST_BUCKETS: AlertBucket[] = [
  'today',
  'today',
  'yesterday',
  'yesterday',
  'older',
  'older',
  'older',
  'older',
];
/** History is finished work: only final statuses ('Failed' means a retry is still coming). */
const FORCED_STATUSES = ['succeeded', 'FailedPermanently'] as const;
type JobStatus = (typeof FORCED_STATUSES)[number];
/** Reasons worded and coded as the copy job writes them (copy-execution.service.ts). */
const FINAL_REASONS: { reason: string; reasonCode: number }[] = [
  {
    reason:
      'The copy failed on its last attempt (attempt 5 of 5): the copy service timed out. Use Retry to try again.',
    reasonCode: 160,
  },
  { reason: 'The course can no longer be copied: This Product is No Longer Available.', reasonCode: 105 },
  { reason: 'The course can no longer be copied: No Offers Available for Product.', reasonCode: 107 },
  {
    reason:
      'The copy failed on its last attempt (attempt 5 of 5): the source course content could not be read. Use Retry to try again.',
    reasonCode: 160,
  },
];

interface JobPlan {
  requestId: string;
  source: number;
  courseName: string;
  start: Day;
  end: Day;
  status: JobStatus;
  reason: { reason: string; reasonCode: number } | null;
  /** Draft index of the created section (succeeded jobs only). */
  result: number | null;
  at: Date;
}

export interface CopyHistory {
  requests: (typeof copyRequests.$inferInsert)[];
  jobs: JobPlan[];
}

/** What the copy history of one institution draws from, and its running counts. */
interface InstitutionPlan {
  inst: SeededInstitution;
  drafts: SectionDraft[];
  history: CopyHistory;
  copySources: { d: SectionDraft; k: number }[];
  parents: { d: SectionDraft; k: number }[];
  requester: number;
  jobNo: number;
  copyNo: number;
}

type RequestKind = 'child' | 'copy';

/**
 * Plans the copy history and appends the sections the succeeded copies created to `drafts`
 * (before ids are taken), so each succeeded job points at a real section.
 */
export function planCopyHistory(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  drafts: SectionDraft[],
  people: People,
): CopyHistory {
  const { rng } = ctx;
  const history: CopyHistory = { requests: [], jobs: [] };
  for (const inst of institutions.filter((i) => HISTORY_INSTITUTIONS.includes(i.seed.key))) {
    const own = drafts.map((d, k) => ({ d, k })).filter(({ d }) => d.institution === inst);
    const copySources = rng.shuffle(
      own.filter(
        ({ d }) =>
          d.courseType === 'standalone' &&
          d.useType === 'studentuse' &&
          d.period !== 'future' &&
          d.productId !== null,
      ),
    );
    const parents = rng.shuffle(own.filter(({ d }) => d.courseType === 'parent' && d.period !== 'past'));
    const requester = PERSONA_PLACES.registrarInstitutions.includes(inst.seed.key as never)
      ? people.personas.registrar
      : people.staff.get(inst.id)!.admins[0];
    const plan: InstitutionPlan = {
      inst,
      drafts,
      history,
      copySources,
      parents,
      requester,
      jobNo: 0,
      copyNo: 0,
    };
    REQUEST_BUCKETS.forEach((bucket, r) => {
      planRequest(ctx, plan, bucket, r);
    });
  }
  return history;
}

/** One copy (or child-section) request of an institution, with its one to three jobs. */
function planRequest(ctx: SeedContext, plan: InstitutionPlan, bucket: AlertBucket, r: number): void {
  const { rng, faker, now } = ctx;
  const kind: RequestKind = r === 3 && plan.parents.length > 0 ? 'child' : 'copy';
  const createdAt = bucketTime(now, bucket, (a, b) => rng.int(a, b));
  const id = faker.string.uuid();
  const jobs = kind === 'child' ? 1 : rng.int(1, 3);
  for (let j = 0; j < jobs; j++) {
    const picked = kind === 'child' ? plan.parents.shift() : plan.copySources.shift();
    if (!picked) break;
    planJob(ctx, plan, kind, picked, id, createdAt);
  }
  plan.history.requests.push({
    id,
    kind,
    institutionId: plan.inst.id,
    requestedBy: plan.requester,
    sendEmail: rng.chance(0.5),
    createdAt,
    finishedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(2, 40) * 60_000)),
  });
}

/** One finished job; a succeeded one appends the section it created to the drafts. */
function planJob(
  ctx: SeedContext,
  plan: InstitutionPlan,
  kind: RequestKind,
  picked: { d: SectionDraft; k: number },
  requestId: string,
  at: Date,
): void {
  const { rng, terms } = ctx;
  const status: JobStatus =
    plan.jobNo < FORCED_STATUSES.length
      ? FORCED_STATUSES[plan.jobNo]
      : rng.weighted([
          ['succeeded', 70],
          ['FailedPermanently', 30],
        ] as const);
  plan.jobNo++;
  const src = picked.d;
  const next = nextTerm(terms);
  const dates = kind === 'child' ? src : next;
  const courseName = kind === 'child' ? src.courseName.replace(/ \(Master\)$/, '') : src.courseName;
  let result: number | null = null;
  if (status === 'succeeded') {
    plan.copyNo++;
    const code = `${src.subject.code} ${src.course.num}-${kind === 'child' ? 8 : 9}${String(plan.copyNo).padStart(2, '0')}`;
    result =
      plan.drafts.push({
        ...src,
        parent: kind === 'child' ? picked.k : null,
        copiedFrom: picked.k,
        courseType: kind === 'child' ? 'child' : 'standalone',
        courseName,
        description:
          kind === 'child'
            ? `Child section of ${src.courseName}.`
            : `Copied from ${src.sectionCode} (${src.term.name}).`,
        sectionCode: code,
        term: kind === 'child' ? src.term : next,
        start: dates.start,
        end: dates.end,
        period: kind === 'child' ? src.period : 'future',
        customCourseId: null,
        lmsKind: null,
        createdBy: plan.requester,
        enrollTarget: 0,
      }) - 1;
  }
  plan.history.jobs.push({
    requestId,
    source: picked.k,
    courseName,
    start: dates.start,
    end: dates.end,
    status,
    reason: status === 'FailedPermanently' ? rng.pick(FINAL_REASONS) : null,
    result,
    at,
  });
}

/** Writes the planned requests and jobs once the sections have ids. */
export async function insertCopyHistory(
  ctx: SeedContext,
  history: CopyHistory,
  sectionIds: number[],
): Promise<void> {
  const { db, now } = ctx;
  await db.insert(copyRequests).values(history.requests);
  const attempts: Record<JobStatus, number> = { succeeded: 1, FailedPermanently: 5 };
  await db.insert(copyJobs).values(
    history.jobs.map((j) => ({
      requestId: j.requestId,
      sourceSectionId: sectionIds[j.source],
      courseName: j.courseName,
      startDate: isoDate(j.start),
      endDate: isoDate(j.end),
      status: j.status,
      attempts: attempts[j.status],
      reason: j.reason?.reason ?? null,
      reasonCode: j.reason?.reasonCode ?? null,
      resultSectionId: j.result === null ? null : sectionIds[j.result],
      createdAt: j.at,
      updatedAt: new Date(Math.min(now.getTime(), j.at.getTime() + 10 * 60_000)),
    })),
  );
}
