/**
 * Fixture helpers for courses, products, offers, enrollments. Each API test file builds
 * its own small world with these; nothing depends on the demo seed.
 */
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { addDaysIso, localIsoDate } from '../../shared/validation';
import type { Db } from '../db/client';
import {
  enrollments,
  memberships,
  offers,
  products,
  sectionInstructors,
  sections,
  users,
} from '../db/schema';
import { addToInternalGroup, createInstitution, createRole, createUser } from './fixtures';

let seq = 0;
const next = () => ++seq;

export const day = (offset: number) => addDaysIso(localIsoDate(), offset);

export async function createProduct(db: Db, productName = `Product ${next()}`) {
  const n = next();
  const isbn = `978${String(1_000_000_000 + n).slice(-10)}`;
  const [row] = await db
    .insert(products)
    .values({ isbn, urn: `urn:product:${isbn}`, productName })
    .returning();
  return row;
}

export async function createOffer(
  db: Db,
  institutionId: number,
  product: { id: number; isbn: string; productName: string },
  offerType = 'INCLUSIVE_ACCESS',
  offerStatus = 'APPROVED',
) {
  const [row] = await db
    .insert(offers)
    .values({
      productId: product.id,
      institutionId,
      isbn: product.isbn,
      offerType,
      title: product.productName,
      offerStatus,
      inclusive: offerType === 'INCLUSIVE_ACCESS' || offerType === 'EQUITABLE_ACCESS',
      startsOn: day(-100),
      endsOn: day(200),
    })
    .returning();
  return row;
}

/** A member of the institution with a course role (instructor, ta, admin, student). */
export async function addMember(db: Db, userId: number, institutionId: number, courseRole = 'instructor') {
  await db.insert(memberships).values({ userId, institutionId, courseRole }).onConflictDoNothing();
}

export async function createStaff(
  db: Db,
  institutionId: number,
  username: string,
  courseRole = 'instructor',
) {
  const user = await createUser(db, username);
  await addMember(db, user.id, institutionId, courseRole);
  return user;
}

export async function createSection(
  db: Db,
  values: Partial<typeof sections.$inferInsert> & { institutionId: number },
) {
  const n = next();
  const [row] = await db
    .insert(sections)
    .values({
      courseName: `Course ${n}`,
      sectionCode: `SEC-${n}`,
      startDate: day(-10),
      endDate: day(80),
      ...values,
    })
    .returning();
  return row;
}

export async function setInstructors(db: Db, sectionId: number, list: { userId: number; role?: string }[]) {
  for (const i of list)
    await db.insert(sectionInstructors).values({ sectionId, userId: i.userId, role: i.role ?? 'instructor' });
}

/** A student enrolled in a section: access PAID/TEMP ending `endsInDays` from now (null: no end). */
export async function enroll(
  db: Db,
  sectionId: number,
  student: { id: number },
  opts: {
    accessType?: string;
    endsInDays?: number | null;
    currentAccess?: string | null;
    optStatus?: string;
  } = {},
) {
  const ends = opts.endsInDays === undefined ? 30 : opts.endsInDays;
  const [row] = await db
    .insert(enrollments)
    .values({
      sectionId,
      userId: student.id,
      accessType: opts.accessType ?? 'PAID',
      accessEndsAt: ends === null ? null : new Date(Date.now() + ends * 86_400_000),
      currentAccess: opts.currentAccess === undefined ? 'Institution_Paid' : opts.currentAccess,
      optStatus: opts.optStatus ?? 'optin',
    })
    .returning();
  return row;
}

export async function createStudent(db: Db, institutionId: number, username: string) {
  const [user] = await db
    .insert(users)
    .values({ username, email: `${username}@students.example.edu`, firstName: username, lastName: 'Student' })
    .returning();
  await addMember(db, user.id, institutionId, 'student');
  return user;
}

/**
 * Two institutions and the people of the persona table: `reg` administers A with the nine
 * permissions; `viewer` is a member of A with CAN_ACCESS_ADMIN_DASHBOARD only; `boss` is a super
 * admin; `support` holds nasupport; `insider` is an internal user; `other` administers B.
 */
export async function createCourseWorld(db: Db, internalGroupId: string, prefix = 'w') {
  const a = await createInstitution(db, `${prefix} Alder College`);
  const b = await createInstitution(db, `${prefix} Birch University`);
  const reg = await createUser(db, `${prefix}reg`);
  await createRole(db, a.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  const viewer = await createUser(db, `${prefix}viewer`);
  await createRole(db, a.id, 'Viewer', ['CAN_ACCESS_ADMIN_DASHBOARD'], [viewer.id]);
  const other = await createUser(db, `${prefix}other`);
  await createRole(db, b.id, 'Administrator', ADMIN_PERMISSIONS, [other.id]);
  const boss = await createUser(db, `${prefix}boss`, { superAdmin: true });
  await createRole(db, b.id, 'Super', ADMIN_PERMISSIONS, [boss.id]);
  const support = await createUser(db, `${prefix}support`, { nasupport: true });
  const insider = await createUser(db, `${prefix}insider`);
  await addToInternalGroup(db, internalGroupId, insider.id);
  return { a, b, reg, viewer, other, boss, support, insider };
}

/**
 * The course tests' scenario in institution A: a master (census 21 days, inclusive product) with
 * one child (census not set, an instructor and a TA, one student), a standalone course of a
 * 16-week term, and a course of institution B.
 */
export async function createCourseScenario(db: Db, internalGroupId: string, prefix = 'c') {
  const w = await createCourseWorld(db, internalGroupId, prefix);
  const product = await createProduct(db, 'Biology Essentials');
  await createOffer(db, w.a.id, product, 'INCLUSIVE_ACCESS');
  const teacher = await createStaff(db, w.a.id, `${prefix}teacher`);
  const assistant = await createStaff(db, w.a.id, `${prefix}assistant`, 'ta');
  const master = await createSection(db, {
    institutionId: w.a.id,
    courseName: 'Biology (Master)',
    courseType: 'parent',
    sectionCode: null,
    productId: product.id,
    startDate: day(-20),
    endDate: day(60),
    censusDuration: 21,
  });
  const child = await createSection(db, {
    institutionId: w.a.id,
    courseName: 'Biology 101-001',
    courseType: 'child',
    parentSectionId: master.id,
    productId: product.id,
    startDate: day(-20),
    endDate: day(60),
    censusDuration: -1,
  });
  const solo = await createSection(db, {
    institutionId: w.a.id,
    courseName: 'Chemistry 110-002',
    startDate: '2026-01-12',
    endDate: '2026-05-03',
  });
  const foreign = await createSection(db, { institutionId: w.b.id, courseName: 'Birch Physics' });
  await setInstructors(db, child.id, [{ userId: teacher.id }, { userId: assistant.id, role: 'ta' }]);
  await enroll(db, child.id, await createStudent(db, w.a.id, `${prefix}stud1`));
  return { w, product, teacher, assistant, master, child, solo, foreign };
}
