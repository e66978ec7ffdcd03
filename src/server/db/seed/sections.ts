import { CUSTOM_COURSE_ID_MAX } from '../../../shared/constants';
import { sectionInstructors, sections } from '../schema';
import { allocateIds, bulkInsert } from './bulk';
import type { Catalog } from './catalog';
import type { SeedContext, SeededInstitution } from './context';
import { addDays, type Day, dayToTime, isoDate } from './dates';
import type { People, StaffPools } from './people';
import { PERSONA_PLACES } from './personas';
import type { Rng } from './random';
import { type Course, courseKey, type Subject } from './subjects';
import { type Period, periodOf, sectionDates, type Term } from './terms';

export interface SectionDraft {
  institution: SeededInstitution;
  subject: Subject;
  course: Course;
  productId: number | null;
  /** Index of the parent draft (children only). */
  parent: number | null;
  /** Index of the draft this one was copied from. */
  copiedFrom: number | null;
  courseType: 'parent' | 'child' | 'standalone';
  useType: 'studentuse' | 'instructoruse';
  courseName: string;
  description: string;
  sectionCode: string | null;
  term: Term;
  start: Day;
  end: Day;
  period: Period;
  censusDuration: number;
  customCourseId: string | null;
  lmsKind: string | null;
  createdBy: number | null;
  instructors: { userId: number; role: 'instructor' | 'ta' }[];
  /** Students to enroll (0 for masters, instructor sandboxes and fresh copies). */
  enrollTarget: number;
}

const MODALITIES = [
  'On campus, Mon/Wed/Fri 9:00–9:50 AM',
  'On campus, Tue/Thu 11:00 AM–12:15 PM',
  'On campus, Mon/Wed 1:00–2:15 PM',
  'Evening, Mon/Wed 6:00–7:15 PM',
  'Hybrid, Tue 10:00–11:15 AM plus online work',
  'Fully online, asynchronous',
  'Online, live sessions Thursdays 7:00 PM',
  'Weekend, Saturdays 9:00 AM–12:00 PM',
  'Dual enrollment, taught at partner high school',
];

/** Per-institution counters of section numbers per course and term. */
class SectionNumbers {
  private readonly next = new Map<string, number>();
  take(key: string): string {
    const n = (this.next.get(key) ?? 0) + 1;
    this.next.set(key, n);
    return String(n).padStart(3, '0');
  }
}

export function courseTitle(subject: Subject, course: Course): string {
  return `${subject.code} ${course.num}: ${course.title}`;
}

export function customCourseIdFor(kind: string, inst: SeededInstitution, term: Term, code: string): string {
  return `${kind}-${inst.seed.key}-${term.code}-${code.replace(/\s+/g, '')}`.slice(0, CUSTOM_COURSE_ID_MAX);
}

export function enrollTargetFor(rng: Rng, period: Period): number {
  if (period === 'past') return rng.int(10, 36);
  if (period === 'future') return rng.int(2, 22);
  return rng.chance(0.08) ? rng.int(0, 4) : rng.int(12, 42);
}

function pickProduct(rng: Rng, catalog: Catalog, inst: SeededInstitution, key: string): number | null {
  const offered = catalog.offeredByCourse.get(inst.id)?.get(key);
  if (offered?.length && rng.chance(0.92)) return rng.pick(offered);
  const forCourse = catalog.products.filter((p) => p.courseKey === key);
  const usable = forCourse.filter((p) => p.usable);
  if (usable.length && rng.chance(0.8)) return rng.pick(usable).id;
  return forCourse.length ? rng.pick(forCourse).id : null;
}

function censusFor(rng: Rng, inst: SeededInstitution): number {
  if (inst.seed.censusDuration === -1) return rng.chance(0.85) ? -1 : rng.pick([14, 21]);
  return rng.weighted([
    [inst.seed.censusDuration, 80],
    [-1, 10],
    [rng.pick([7, 10, 14, 21, 30, 45]), 10],
  ] as const);
}

/**
 * Section drafts of every institution over past, current and future terms: standalones, a few
 * instructor sandboxes, and parent (master) courses with 2–4 child sections each.
 */
export function draftSections(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  catalog: Catalog,
  people: People,
): SectionDraft[] {
  const drafts: SectionDraft[] = [];
  for (const inst of institutions) {
    const instScale = ctx.steady.has(inst.seed.key) ? 1 : ctx.scale;
    const drafting: InstitutionDrafting = {
      inst,
      staff: people.staff.get(inst.id)!,
      instructorPersona: people.personas.instructor,
      numbers: new SectionNumbers(),
      primaryLms: inst.seed.lms[0],
      personaHome: inst.seed.key === PERSONA_PLACES.instructorInstitution,
      made: 0,
    };
    const target = Math.max(4, Math.round(inst.seed.sections * instScale));
    while (drafting.made < target) draftCourseGroup(ctx, drafting, catalog, drafts);
    addMasterChild(drafts, inst);
  }
  return drafts;
}

/** One institution's drafting: whom it draws from, and how many sections it has made. */
interface InstitutionDrafting {
  inst: SeededInstitution;
  staff: StaffPools;
  instructorPersona: number;
  numbers: SectionNumbers;
  primaryLms: string;
  personaHome: boolean;
  made: number;
}

/** What the sections of one course and term share. */
type CourseGroup = Pick<
  SectionDraft,
  | 'institution'
  | 'subject'
  | 'course'
  | 'productId'
  | 'copiedFrom'
  | 'term'
  | 'start'
  | 'end'
  | 'period'
  | 'createdBy'
> & { key: string; title: string };

/** A standalone, an instructor sandbox, or a master with its 2–4 children, of one course and term. */
function draftCourseGroup(
  ctx: SeedContext,
  drafting: InstitutionDrafting,
  catalog: Catalog,
  drafts: SectionDraft[],
) {
  const { rng, today, terms } = ctx;
  const { inst, staff } = drafting;
  const subject = rng.pick(inst.subjects);
  const course = rng.pick(subject.courses);
  const key = courseKey(subject, course);
  const { term, start, end } = sectionDates(rng, terms);
  const period = periodOf(start, end, today);
  const productId = pickProduct(rng, catalog, inst, key);
  const title = courseTitle(subject, course);
  const group: CourseGroup = {
    institution: inst,
    subject,
    course,
    productId,
    copiedFrom: null,
    term,
    start,
    end,
    period,
    createdBy: rng.chance(0.9) ? rng.pick(staff.admins) : null,
    key,
    title,
  };
  const section = (
    courseType: SectionDraft['courseType'],
    useType: SectionDraft['useType'],
    parent: number | null,
  ) => draftSection(rng, drafting, group, courseType, useType, parent);
  const shape = rng.weighted([
    ['standalone', 84],
    ['instructoruse', 8],
    ['family', 8],
  ] as const);
  if (shape === 'family') {
    const parentIndex = drafts.push(section('parent', 'studentuse', null)) - 1;
    const children = rng.int(2, 4);
    for (let c = 0; c < children; c++) drafts.push(section('child', 'studentuse', parentIndex));
  } else {
    drafts.push(section('standalone', shape === 'instructoruse' ? 'instructoruse' : 'studentuse', null));
  }
}

function draftSection(
  rng: Rng,
  drafting: InstitutionDrafting,
  group: CourseGroup,
  courseType: SectionDraft['courseType'],
  useType: SectionDraft['useType'],
  parent: number | null,
): SectionDraft {
  const { inst, staff, primaryLms } = drafting;
  const { key, title, ...base } = group;
  const { subject, course, term, period } = base;
  const code =
    courseType === 'parent'
      ? null
      : `${subject.code} ${course.num}-${drafting.numbers.take(`${key}|${term.code}`)}`;
  const linked = code !== null && useType === 'studentuse' && rng.chance(period === 'past' ? 0.08 : 0.22);
  const instructor =
    drafting.personaHome && drafting.made % 20 === 0
      ? drafting.instructorPersona
      : rng.pick(staff.instructors);
  const instructors: SectionDraft['instructors'] = [{ userId: instructor, role: 'instructor' }];
  if (rng.chance(0.25)) instructors.push({ userId: rng.pick(staff.tas), role: 'ta' });
  drafting.made++;
  return {
    ...base,
    parent,
    courseType,
    useType,
    courseName:
      courseType === 'parent'
        ? `${title} (Master)`
        : useType === 'instructoruse'
          ? `${title} (Instructor Preview)`
          : title,
    description:
      courseType === 'parent'
        ? `Master course for the ${term.name} sections of ${course.title}.`
        : useType === 'instructoruse'
          ? `Instructor preview of ${course.title} for ${term.name}; not for student enrollment.`
          : `${term.name} · ${rng.pick(MODALITIES)}.`,
    sectionCode: code,
    censusDuration: censusFor(rng, inst),
    customCourseId: linked ? customCourseIdFor(primaryLms, inst, term, code) : null,
    lmsKind: linked ? primaryLms : null,
    instructors,
    enrollTarget: courseType === 'parent' || useType === 'instructoruse' ? 0 : enrollTargetFor(rng, period),
  };
}

/**
 * Gives the institution one master-child course (spec §1): the first child of its first current
 * master (else any master) becomes a shell with two lab sections of its own. No random draws, so
 * the rest of the world is unchanged.
 */
function addMasterChild(drafts: SectionDraft[], inst: SeededInstitution) {
  const isMasterHere = (d: SectionDraft) => d.institution === inst && d.courseType === 'parent';
  const current = drafts.findIndex((d) => isMasterHere(d) && d.period === 'current');
  const top = current >= 0 ? current : drafts.findIndex(isMasterHere);
  const middle = drafts.findIndex((d) => d.parent === top);
  if (top < 0 || middle < 0) return;
  const m = drafts[middle];
  m.enrollTarget = 0;
  m.description = `Lab master of ${m.course.title} for ${m.term.name}: its lab sections hold the students.`;
  for (const n of [1, 2]) {
    drafts.push({
      ...m,
      parent: middle,
      courseName: `${m.courseName} Lab ${n}`,
      description: `${m.term.name} · lab section ${n}.`,
      sectionCode: m.sectionCode ? `${m.sectionCode}-L${n}` : null,
      customCourseId: null,
      lmsKind: null,
      instructors: [...m.instructors],
      enrollTarget: 12 + n * 3,
    });
  }
}

/** Inserts the drafts (ids taken up front, so parents and copies can be referenced) and their instructors. */
export async function insertSections(ctx: SeedContext, drafts: SectionDraft[]): Promise<number[]> {
  const { db, now } = ctx;
  const ids = await allocateIds(db, sections, drafts.length);
  const createdAt = (d: SectionDraft) =>
    new Date(Math.min(dayToTime(addDays(d.start, -30)).getTime(), now.getTime() - 3_600_000));
  await bulkInsert(
    db,
    sections,
    drafts.map((d, k) => ({
      id: ids[k],
      institutionId: d.institution.id,
      productId: d.productId,
      parentSectionId: d.parent === null ? null : ids[d.parent],
      courseType: d.courseType,
      useType: d.useType,
      courseName: d.courseName,
      description: d.description,
      sectionCode: d.sectionCode,
      startDate: isoDate(d.start),
      endDate: isoDate(d.end),
      censusDuration: d.censusDuration,
      customCourseId: d.customCourseId,
      lmsKind: d.lmsKind,
      copiedFromSectionId: d.copiedFrom === null ? null : ids[d.copiedFrom],
      createdBy: d.createdBy,
      createdAt: createdAt(d),
      updatedAt: createdAt(d),
    })),
  );
  await bulkInsert(
    db,
    sectionInstructors,
    drafts.flatMap((d, k) =>
      d.instructors.map((i) => ({ sectionId: ids[k], userId: i.userId, role: i.role })),
    ),
  );
  return ids;
}
