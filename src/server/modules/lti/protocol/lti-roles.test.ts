/**
 * Only context (membership) roles make course staff: the role sets Canvas, Moodle, Blackboard and D2L
 * send, as a table; then the same rule through real launches (signed by the platform simulator).
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, lmsCoursePairings, ltiIdentities, memberships } from '../../../db/schema';
import { createOffer, createProduct, createSection } from '../../../test/course-fixtures';
import { createInstitution } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Launcher, launcher } from '../../../test/lti-launcher';
import { LTI, type LtiPlatform, registerPlatform, startLtiPlatform } from '../../../test/lti-platform';
import { courseRoleOf } from './lti-roles';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';

const V2 = 'http://purl.imsglobal.org/vocab/lis/v2/';
const R = {
  instructor: `${V2}membership#Instructor`,
  learner: `${V2}membership#Learner`,
  ta: `${V2}membership/Instructor#TeachingAssistant`,
  grader: `${V2}membership/Instructor#Grader`,
  contentDeveloper: `${V2}membership#ContentDeveloper`,
  courseAdmin: `${V2}membership#Administrator`,
  mentor: `${V2}membership#Mentor`,
  instInstructor: `${V2}institution/person#Instructor`,
  instAdmin: `${V2}institution/person#Administrator`,
  instStudent: `${V2}institution/person#Student`,
  instFaculty: `${V2}institution/person#Faculty`,
  sysAdmin: `${V2}system/person#SysAdmin`,
  sysAdministrator: `${V2}system/person#Administrator`,
  sysUser: `${V2}system/person#User`,
};

describe('courseRoleOf: the role sets LMSs send', () => {
  it.each([
    // Canvas
    ['Canvas teacher', [R.instInstructor, R.instructor, R.sysUser], 'staff'],
    ['Canvas student', [R.instStudent, R.learner, R.sysUser], 'learner'],
    ['Canvas TA', [R.ta, R.instStudent, R.sysUser], 'staff'],
    ['Canvas student who is an account admin', [R.instAdmin, R.learner, R.sysUser], 'learner'],
    ['Canvas student who is a site admin', [R.instAdmin, R.learner, R.sysAdmin, R.sysUser], 'learner'],
    ['Canvas student who teaches elsewhere', [R.instInstructor, R.learner, R.sysUser], 'learner'],
    ['Canvas admin not enrolled in the course', [R.instAdmin, R.sysAdmin, R.sysUser], 'other'],
    // Moodle 4.5
    ['Moodle teacher', [R.instructor], 'staff'],
    ['Moodle student', [R.learner], 'learner'],
    ['Moodle site admin teaching the course', [R.instAdmin, R.instructor, R.sysAdministrator], 'staff'],
    ['Moodle site admin outside the course', [R.instAdmin, R.sysAdministrator], 'other'],
    // Blackboard Learn
    ['Blackboard instructor', [R.instructor, R.instFaculty, R.sysUser], 'staff'],
    ['Blackboard student', [R.learner, R.instStudent, R.sysUser], 'learner'],
    ['Blackboard course builder', [R.contentDeveloper, R.instStudent], 'staff'],
    ['Blackboard grader', [R.grader, R.instStudent], 'staff'],
    ['Blackboard guest', [`${V2}membership/Learner#GuestLearner`], 'learner'],
    // D2L Brightspace
    ['D2L instructor', [R.instructor, R.instInstructor], 'staff'],
    ['D2L learner', [R.learner, R.instStudent], 'learner'],
    ['D2L learner who is an org administrator', [R.learner, R.instAdmin, R.sysAdministrator], 'learner'],
    ['D2L course administrator', [R.courseAdmin], 'staff'],
    // short names and LTI 1.1 URNs are context roles
    ['short Instructor', ['Instructor'], 'staff'],
    ['short Learner', ['Learner'], 'learner'],
    ['LTI 1.1 TA', ['urn:lti:role:ims/lis/TeachingAssistant'], 'staff'],
    [
      'LTI 1.1 institution admin + learner',
      ['urn:lti:instrole:ims/lis/Administrator', 'urn:lti:role:ims/lis/Learner'],
      'learner',
    ],
    ['LTI 1.1 system admin alone', ['urn:lti:sysrole:ims/lis/SysAdmin'], 'other'],
    // nothing that says who the person is in the course
    ['mentor', [R.mentor], 'other'],
    ['no roles', [], 'other'],
    ['unknown role', ['https://lms.example/roles#Boss'], 'other'],
  ])('%s → %s', (_name, roles, expected) => {
    expect(courseRoleOf(roles as string[])).toBe(expected);
  });
});

describe('courseRoleOf: the Moodle 4.5 claim sets', () => {
  const moodle = JSON.parse(
    readFileSync(new URL('../../../test/moodle-4.5-launch-claims.json', import.meta.url), 'utf8'),
  ) as { tokens: Record<string, unknown>[] };
  it.each(moodle.tokens.map((tk, i) => [i, tk.name as string, tk[LTI.roles] as string[]] as const))(
    'token %i (%s)',
    (_i, name, roles) => {
      expect(courseRoleOf(roles)).toBe(name === 'Terry Teacher' ? 'staff' : 'learner');
    },
  );
});

let t: TestApp;
let p: LtiPlatform;
let l: Launcher;
let instId: number;
let sectionId: number;
const PAIRED = 'roles-paired';

beforeAll(async () => {
  t = await createTestApp();
  p = await startLtiPlatform();
  const inst = await createInstitution(t.db, 'Roles University');
  instId = inst.id;
  const reg = await registerPlatform(t.db, p, inst.id, { clientId: 'roles-client' });
  l = launcher(t, p, 'roles-client');
  const product = await createProduct(t.db, 'Roles Product');
  await createOffer(t.db, inst.id, product);
  const section = await createSection(t.db, { institutionId: inst.id, productId: product.id });
  sectionId = section.id;
  await t.db.insert(lmsCoursePairings).values({
    institutionId: inst.id,
    productId: product.id,
    sectionId,
    integrationId: reg.id,
    lmsCourseId: PAIRED,
    lmsCourseName: 'Roles 101',
  });
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

async function userOf(sub: string) {
  const [row] = await t.db
    .select({ userId: ltiIdentities.userId })
    .from(ltiIdentities)
    .where(and(eq(ltiIdentities.issuer, p.issuer), eq(ltiIdentities.sub, sub)));
  return row.userId;
}
const membershipOf = async (userId: number) =>
  t.db
    .select({ courseRole: memberships.courseRole })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.institutionId, instId)));

describe('launches: institution and system roles never make course staff', () => {
  it.each([
    ['an institution Instructor', R.instInstructor],
    ['an institution Administrator', R.instAdmin],
    ['a system SysAdmin', R.sysAdmin],
  ])('a course Learner who is also %s is a student: enrolled, no pairing form', async (_n, extra) => {
    const sub = `learner-${extra.split('#')[1]}`;
    const res = await l.launchWith({ sub, [LTI.roles]: [R.learner, extra], [LTI.context]: { id: PAIRED } });
    expect(res.statusCode, res.body).toBe(303);
    const page = await l.get(res.headers.location as string);
    expect(page.body).toContain('data-field="access"');
    expect(page.body).not.toContain('data-field="roster"');
    const userId = await userOf(sub);
    expect(await membershipOf(userId)).toEqual([{ courseRole: 'student' }]);
    const enrolled = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.sectionId, sectionId), eq(enrollments.userId, userId)));
    expect(enrolled).toHaveLength(1);

    // in an unpaired course: the student's page, and pairing is refused
    const other = await l.launchWith({
      sub,
      [LTI.roles]: [R.learner, extra],
      [LTI.context]: { id: `unpaired-${sub}` },
    });
    const location = other.headers.location as string;
    const unpaired = await l.get(location);
    expect(unpaired.body).toContain('data-field="notSetUp"');
    expect(unpaired.body).not.toContain('name="offerId"');
    await l.post(ltiProtocolApi.pair.path, location, { offerId: '1' });
    const pairings = await t.db
      .select()
      .from(lmsCoursePairings)
      .where(eq(lmsCoursePairings.lmsCourseId, `unpaired-${sub}`));
    expect(pairings).toHaveLength(0);
  });

  it.each([
    ['no roles', []],
    ['only an unknown role', ['https://lms.example/roles#Boss']],
    ['only institution and system roles', [R.instAdmin, R.sysAdmin]],
  ])('%s: accepted, but no membership of the institution and no enrollment', async (name, roles) => {
    const sub = `nobody-${name.replace(/\W/g, '')}`;
    const res = await l.launchWith({ sub, [LTI.roles]: roles, [LTI.context]: { id: PAIRED } });
    expect(res.statusCode, res.body).toBe(303);
    const userId = await userOf(sub);
    expect(await membershipOf(userId)).toEqual([]);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, userId))).toEqual([]);
  });

  it('a short "Instructor" role (no URI) is course staff', async () => {
    const res = await l.launchWith({
      sub: 'short-instructor',
      [LTI.roles]: ['Instructor'],
      [LTI.context]: { id: PAIRED },
    });
    const page = await l.get(res.headers.location as string);
    expect(page.body).toContain('data-field="roster"');
    expect(await membershipOf(await userOf('short-instructor'))).toEqual([{ courseRole: 'instructor' }]);
  });
});
