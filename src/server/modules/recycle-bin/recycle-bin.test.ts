import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesApi } from '../../../shared/contract/courses';
import { recycleBinApi } from '../../../shared/contract/recycle-bin';
import type { RouteBody } from '../../../shared/contract/route';
import { rolesApi } from '../../../shared/contract/roles';
import {
  auditLog,
  enrollments,
  groupMembers,
  groups,
  recycleBin,
  sectionInstructors,
  sections,
  users,
} from '../../db/schema';
import { createCourseScenario, createSection, createStaff } from '../../test/course-fixtures';
import { createRole } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { recycleBinPurgeJob } from '.';

let t: TestApp;
let s: Awaited<ReturnType<typeof createCourseScenario>>;

/** Some tests send a malformed id on purpose. */
const restore = (who: string, organizationId: number, id: number | string) =>
  t.as(who).call(recycleBinApi.restore, {
    body: { organizationId, id } as RouteBody<typeof recycleBinApi.restore>,
  });
const binOf = async (orgId: number, who = 'rreg') => {
  const res = await t.as(who).call(recycleBinApi.list, { query: { organizationId: orgId } });
  expect(res.statusCode).toBe(200);
  return res.json().entries as { id: number; kind: string; entityId: number; name: string }[];
};
const entryFor = async (kind: string, entityId: number) => {
  const [row] = await t.db
    .select()
    .from(recycleBin)
    .where(and(eq(recycleBin.kind, kind), eq(recycleBin.entityId, entityId)));
  return row;
};
const sectionOf = async (id: number) => (await t.db.select().from(sections).where(eq(sections.id, id)))[0];
const peopleOf = async (sectionId: number) => ({
  instructors: await t.db
    .select()
    .from(sectionInstructors)
    .where(eq(sectionInstructors.sectionId, sectionId))
    .orderBy(asc(sectionInstructors.userId)),
  enrollments: await t.db
    .select()
    .from(enrollments)
    .where(eq(enrollments.sectionId, sectionId))
    .orderBy(asc(enrollments.id)),
});
const auditCount = async (action: string, outcome = 'ok') =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  s = await createCourseScenario(t.db, t.app.config.internalGroupId, 'r');
  for (const who of ['rreg', 'rviewer', 'rother', 'rboss']) await t.as(who).token();
});
afterAll(() => t.close());

describe('recycle bin: courses', () => {
  it('a removed course is listed with who removed it; restore brings it back with its people', async () => {
    const beforeRow = await sectionOf(s.child.id);
    const people = await peopleOf(s.child.id);
    expect(people.instructors.length).toBe(2);
    expect(people.enrollments.length).toBe(1);

    const del = await t.as('rreg').call(coursesApi.remove, { query: { sectionId: s.child.id } });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Course successfully deleted');
    expect(
      (await t.as('rreg').call(coursesApi.details, { query: { sectionId: s.child.id } })).statusCode,
    ).toBe(404);

    const listed = await t.as('rreg').call(recycleBinApi.list, { query: { organizationId: s.w.a.id } });
    expect(listed.statusCode).toBe(200);
    const [entry] = listed.json().entries;
    expect(entry).toMatchObject({
      kind: 'section',
      entityId: s.child.id,
      name: 'Biology 101-001',
      removedBy: s.w.reg.id,
      removedByName: 'rreg Tester',
    });
    const days = (Date.parse(entry.purgeAt) - Date.parse(entry.removedAt)) / 86_400_000;
    expect(days).toBe(30);

    const res = await restore('rreg', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'section', entityId: s.child.id, name: 'Biology 101-001' });
    const after = await sectionOf(s.child.id);
    expect(after.deletedAt).toBeNull();
    const { version: v0, updatedAt: _u0, deletedAt: _d0, ...same0 } = beforeRow;
    const { version: v1, updatedAt: _u1, deletedAt: _d1, ...same1 } = after;
    expect(same1).toEqual(same0);
    expect(v1).toBeGreaterThan(v0);
    expect(await peopleOf(s.child.id)).toEqual(people);
    expect(
      (await t.as('rreg').call(coursesApi.details, { query: { sectionId: s.child.id } })).statusCode,
    ).toBe(200);
    expect(await entryFor('section', s.child.id)).toBeUndefined();
    expect(await auditCount('course.restore')).toBe(1);
    // a second restore of the same entry
    const again = await restore('rreg', s.w.a.id, entry.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('error.recycleBinEntryNotFound');
  });

  it('refuses other institutions, users without the right and bad input; nothing changes', async () => {
    expect((await t.as('rreg').call(coursesApi.remove, { query: { sectionId: s.solo.id } })).statusCode).toBe(
      200,
    );
    const entry = await entryFor('section', s.solo.id);
    const auditRows = (await t.db.select().from(auditLog)).length;

    // administrator of B: A's bin is another institution's (403); via B the entry is unknown (404)
    expect(
      (await t.as('rother').call(recycleBinApi.list, { query: { organizationId: s.w.a.id } })).statusCode,
    ).toBe(403);
    const foreign = await restore('rother', s.w.a.id, entry.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('error.accessDenied');
    const viaB = await restore('rother', s.w.b.id, entry.id);
    expect(viaB.statusCode).toBe(404);
    expect(viaB.json().message).toBe('error.recycleBinEntryNotFound');
    expect(await binOf(s.w.b.id, 'rother')).toEqual([]);
    // a member without CAN_DELETE_COURSES or CAN_CREATE_EDIT_ROLES
    expect(
      (await t.as('rviewer').call(recycleBinApi.list, { query: { organizationId: s.w.a.id } })).statusCode,
    ).toBe(403);
    expect((await restore('rviewer', s.w.a.id, entry.id)).statusCode).toBe(403);
    // bad input
    expect((await restore('rreg', s.w.a.id, 'x')).statusCode).toBe(422);
    expect((await restore('rreg', s.w.a.id, 999_999)).statusCode).toBe(404);
    expect(
      (
        await t.as('rreg').call(recycleBinApi.list, {
          query: { organizationId: s.w.a.id, kind: 'institution' as 'section' }, // not a kind: 422
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.as('rreg').call(recycleBinApi.list, { query: { organizationId: s.w.a.id, cursor: 'abc' } }))
        .statusCode,
    ).toBe(422);

    expect(await entryFor('section', s.solo.id)).toEqual(entry);
    expect((await sectionOf(s.solo.id)).deletedAt).not.toBeNull();
    expect(await auditCount('course.restore')).toBe(1);
    // the refused writes are audited (denied), nothing else
    const written = await t.db.select().from(auditLog);
    expect(written.slice(auditRows).every((r) => r.outcome === 'denied')).toBe(true);

    // the super admin may restore in any institution
    expect((await restore('rboss', s.w.a.id, entry.id)).statusCode).toBe(200);
    expect((await sectionOf(s.solo.id)).deletedAt).toBeNull();
  });

  it('a child course waits for its master; a taken custom course id is explained (409, nothing changes)', async () => {
    expect(
      (await t.as('rreg').call(coursesApi.remove, { query: { sectionId: s.child.id } })).statusCode,
    ).toBe(200);
    expect(
      (await t.as('rreg').call(coursesApi.remove, { query: { sectionId: s.master.id } })).statusCode,
    ).toBe(200);
    const childEntry = await entryFor('section', s.child.id);
    const refused = await restore('rreg', s.w.a.id, childEntry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('error.restoreMasterRemoved');
    expect(refused.json().params).toEqual({ name: 'Biology (Master)' });
    expect((await sectionOf(s.child.id)).deletedAt).not.toBeNull();
    expect(await entryFor('section', s.child.id)).toEqual(childEntry);

    const masterEntry = await entryFor('section', s.master.id);
    expect((await restore('rreg', s.w.a.id, masterEntry.id)).statusCode).toBe(200);
    expect((await restore('rreg', s.w.a.id, childEntry.id)).statusCode).toBe(200);

    const lms = await createSection(t.db, {
      institutionId: s.w.a.id,
      courseName: 'Canvas course',
      customCourseId: 'cv-1',
      lmsKind: 'canvas',
    });
    expect((await t.as('rreg').call(coursesApi.remove, { query: { sectionId: lms.id } })).statusCode).toBe(
      200,
    );
    await createSection(t.db, {
      institutionId: s.w.a.id,
      courseName: 'Newer',
      customCourseId: 'cv-1',
      lmsKind: 'canvas',
    });
    const lmsEntry = await entryFor('section', lms.id);
    const taken = await restore('rreg', s.w.a.id, lmsEntry.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('error.restoreCustomIdTaken');
    expect((await sectionOf(lms.id)).deletedAt).not.toBeNull();
    expect(await entryFor('section', lms.id)).toEqual(lmsEntry);
  });
});

describe('recycle bin: roles', () => {
  it('a removed role comes back with the same id, rows and members; its members leave the role they were moved to', async () => {
    const u1 = await createStaff(t.db, s.w.a.id, 'rgrader1');
    const u2 = await createStaff(t.db, s.w.a.id, 'rgrader2');
    const graders = await createRole(
      t.db,
      s.w.a.id,
      'Graders',
      ['CAN_ACCESS_ADMIN_DASHBOARD'],
      [u1.id, u2.id],
    );
    const helpers = await createRole(t.db, s.w.a.id, 'Helpers', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
    const groupBefore = (await t.db.select().from(groups).where(eq(groups.id, graders.id)))[0];
    const membersBefore = await t.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, graders.id))
      .orderBy(asc(groupMembers.userId));

    const del = await t
      .as('rreg')
      .call(rolesApi.remove, { query: { groupId: graders.id }, body: { reassignAllTo: helpers.id } });
    expect(del.statusCode).toBe(200);
    expect(del.json().description).toBe('Role deleted successfully.');
    expect(await t.db.select().from(groups).where(eq(groups.id, graders.id))).toEqual([]);
    const entry = await entryFor('role', graders.id);
    expect(entry.name).toBe('Graders');
    expect((await binOf(s.w.a.id)).some((e) => e.id === entry.id && e.kind === 'role')).toBe(true);

    const res = await restore('rreg', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'role',
      entityId: graders.id,
      name: 'Graders',
      membersBack: 2,
      membersNotBack: 0,
    });
    expect((await t.db.select().from(groups).where(eq(groups.id, graders.id)))[0]).toEqual(groupBefore);
    expect(
      await t.db
        .select()
        .from(groupMembers)
        .where(eq(groupMembers.groupId, graders.id))
        .orderBy(asc(groupMembers.userId)),
    ).toEqual(membersBefore);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, helpers.id))).toEqual([]);
    expect(await auditCount('role.restore')).toBe(1);
  });

  it('a role whose name is taken now is explained (409) and nothing changes', async () => {
    const u = await createStaff(t.db, s.w.a.id, 'rmarker');
    const markers = await createRole(t.db, s.w.a.id, 'Markers', ['CAN_ACCESS_ADMIN_DASHBOARD'], [u.id]);
    const others = await createRole(t.db, s.w.a.id, 'Others', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
    const del = await t
      .as('rreg')
      .call(rolesApi.remove, { query: { groupId: markers.id }, body: { reassignAllTo: others.id } });
    expect(del.statusCode).toBe(200);
    const again = await createRole(t.db, s.w.a.id, 'MARKERS', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
    const entry = await entryFor('role', markers.id);
    const res = await restore('rreg', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('error.restoreRoleNameTaken');
    expect(res.json().params).toEqual({ name: 'Markers' });
    expect(await t.db.select().from(groups).where(eq(groups.id, markers.id))).toEqual([]);
    expect(
      (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, others.id))).map(
        (m) => m.userId,
      ),
    ).toEqual([u.id]);
    expect(await entryFor('role', markers.id)).toEqual(entry);
    expect(await auditCount('role.restore')).toBe(1);
    // once the other role is renamed, the restore goes through
    await t.db.update(groups).set({ name: 'Markers (new)' }).where(eq(groups.id, again.id));
    expect((await restore('rreg', s.w.a.id, entry.id)).statusCode).toBe(200);
  });
});

describe('recycle bin: each entry needs the right of its own removal', () => {
  it('a course remover without CAN_CREATE_EDIT_ROLES sees no roles and may not restore one (403, audited)', async () => {
    const clerk = await createStaff(t.db, s.w.a.id, 'rcourses');
    await createRole(
      t.db,
      s.w.a.id,
      'Course removers',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_DELETE_COURSES'],
      [clerk.id],
    );
    await t.as('rcourses').token();
    const tutors = await createRole(t.db, s.w.a.id, 'Tutors', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
    const del = await t.as('rreg').call(rolesApi.remove, { query: { groupId: tutors.id } });
    expect(del.statusCode).toBe(200);
    const entry = await entryFor('role', tutors.id);

    const seen = await binOf(s.w.a.id, 'rcourses');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.kind === 'section')).toBe(true);
    const denied = await auditCount('role.restore', 'denied');
    const res = await restore('rcourses', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.accessDenied');
    expect(await auditCount('role.restore', 'denied')).toBe(denied + 1);
    expect(await t.db.select().from(groups).where(eq(groups.id, tutors.id))).toEqual([]);
    expect(await entryFor('role', tutors.id)).toEqual(entry);
  });

  it('a role editor may not give back a role, or a place in one, holding rights it lacks (403, audited, nothing changes)', async () => {
    const editor = await createStaff(t.db, s.w.a.id, 'rroleed');
    await createRole(
      t.db,
      s.w.a.id,
      'Role editors',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_CREATE_EDIT_ROLES'],
      [editor.id],
    );
    await t.as('rroleed').token();
    const member = await createStaff(t.db, s.w.a.id, 'rdeleter');
    const deleters = await createRole(
      t.db,
      s.w.a.id,
      'Deleters',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_DELETE_COURSES'],
      [member.id],
    );
    const powerful = await createRole(
      t.db,
      s.w.a.id,
      'Powerful',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_DELETE_COURSES'],
      [],
    );
    const removed = await t
      .as('rreg')
      .call(rolesApi.removeMember, { query: { groupId: deleters.id, memberId: member.id } });
    expect(removed.statusCode).toBe(200);
    const del = await t.as('rreg').call(rolesApi.remove, { query: { groupId: powerful.id } });
    expect(del.statusCode).toBe(200);
    const roleEntry = await entryFor('role', powerful.id);
    const memberEntry = await entryFor('membership', member.id);
    const deniedRoles = await auditCount('role.restore', 'denied');
    const deniedMembers = await auditCount('role.members.restore', 'denied');

    for (const entry of [roleEntry, memberEntry]) {
      const res = await restore('rroleed', s.w.a.id, entry.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('error.cannotGrant');
      expect(res.json().params).toEqual({ missing: 'CAN_DELETE_COURSES' });
    }
    expect(await auditCount('role.restore', 'denied')).toBe(deniedRoles + 1);
    expect(await auditCount('role.members.restore', 'denied')).toBe(deniedMembers + 1);
    expect(await t.db.select().from(groups).where(eq(groups.id, powerful.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, deleters.id), eq(groupMembers.userId, member.id))),
    ).toEqual([]);
    expect(await entryFor('role', powerful.id)).toEqual(roleEntry);
    expect(await entryFor('membership', member.id)).toEqual(memberEntry);
  });
});

describe('recycle bin: purge', () => {
  it('the scheduled job purges entries older than 30 days and audits it; newer ones stay', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    const [a] = await t.db
      .insert(recycleBin)
      .values({
        kind: 'role',
        institutionId: s.w.a.id,
        entityId: 900_001,
        name: 'Old',
        removedAt: old,
        snapshot: {},
      })
      .returning();
    const [b] = await t.db
      .insert(recycleBin)
      .values({
        kind: 'role',
        institutionId: s.w.a.id,
        entityId: 900_002,
        name: 'Recent',
        removedAt: recent,
        snapshot: {},
      })
      .returning();
    const log = { info: () => {} } as never;
    await recycleBinPurgeJob.handler(
      {},
      { db: t.db, config: t.app.config, jobs: null as never, log },
      null as never,
    );
    expect(await t.db.select().from(recycleBin).where(eq(recycleBin.id, a.id))).toEqual([]);
    expect((await t.db.select().from(recycleBin).where(eq(recycleBin.id, b.id))).length).toBe(1);
    const purged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'recycleBin.purge'));
    expect(purged.map((r) => r.entityId)).toEqual(['900001']);
    expect(recycleBinPurgeJob.cron).toBeTruthy();
  });
});

describe('recycle bin: role memberships', () => {
  const memberRow = async (groupId: number, userId: number) =>
    t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  const removeMember = (who: string, groupId: number, memberId: number) =>
    t.as(who).call(rolesApi.removeMember, { query: { groupId, memberId } });

  it('a user removed from a role is listed as "<user> — <role>"; restore gives back the very row', async () => {
    const u = await createStaff(t.db, s.w.a.id, 'rchecker');
    const checkers = await createRole(t.db, s.w.a.id, 'Checkers', ['CAN_ACCESS_ADMIN_DASHBOARD'], [u.id]);
    const rowBefore = await memberRow(checkers.id, u.id);
    expect(rowBefore.length).toBe(1);

    const del = await removeMember('rreg', checkers.id, u.id);
    expect(del.statusCode).toBe(200);
    expect(del.json().description).toBe('Role updated successfully.');
    expect(await memberRow(checkers.id, u.id)).toEqual([]);
    const entry = await entryFor('membership', u.id);
    expect(entry.institutionId).toBe(s.w.a.id);
    expect(entry.name).toBe('rchecker Tester — Checkers');
    const listed = await binOf(s.w.a.id);
    expect(listed.some((e) => e.id === entry.id && e.kind === 'membership')).toBe(true);
    const only = await t.as('rreg').call(recycleBinApi.list, {
      query: { organizationId: s.w.a.id, kind: 'membership' },
    });
    expect(only.json().entries.map((e: { id: number }) => e.id)).toContain(entry.id);
    expect(only.json().entries.every((e: { kind: string }) => e.kind === 'membership')).toBe(true);

    // another institution's administrator: neither sees nor restores it, and nothing changes
    expect(
      (await t.as('rother').call(recycleBinApi.list, { query: { organizationId: s.w.a.id } })).statusCode,
    ).toBe(403);
    expect((await binOf(s.w.b.id, 'rother')).some((e) => e.id === entry.id)).toBe(false);
    expect((await restore('rother', s.w.a.id, entry.id)).statusCode).toBe(403);
    const foreign = await restore('rother', s.w.b.id, entry.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('error.recycleBinEntryNotFound');
    expect(await memberRow(checkers.id, u.id)).toEqual([]);
    expect(await entryFor('membership', u.id)).toEqual(entry);

    const res = await restore('rreg', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'membership',
      entityId: u.id,
      name: 'rchecker Tester — Checkers',
      membersBack: 1,
      membersNotBack: 0,
    });
    expect(await memberRow(checkers.id, u.id)).toEqual(rowBefore);
    expect(await entryFor('membership', u.id)).toBeUndefined();
    expect(await auditCount('role.members.restore')).toBe(1);
    expect((await restore('rreg', s.w.a.id, entry.id)).statusCode).toBe(404);
  });

  it('explains (409) a user who has another role now, a removed role or a removed account; nothing changes', async () => {
    const a = await createStaff(t.db, s.w.a.id, 'rmoved');
    const b = await createStaff(t.db, s.w.a.id, 'rgone');
    const readers = await createRole(t.db, s.w.a.id, 'Readers', ['CAN_ACCESS_ADMIN_DASHBOARD'], [a.id, b.id]);
    const writers = await createRole(t.db, s.w.a.id, 'Writers', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
    expect((await removeMember('rreg', readers.id, a.id)).statusCode).toBe(200);
    expect((await removeMember('rreg', readers.id, b.id)).statusCode).toBe(200);
    const entryA = await entryFor('membership', a.id);
    const entryB = await entryFor('membership', b.id);

    await t.db.insert(groupMembers).values({ groupId: writers.id, userId: a.id });
    const other = await restore('rreg', s.w.a.id, entryA.id);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('error.restoreMemberHasOtherRole');
    expect(other.json().params).toEqual({ user: 'rmoved Tester', name: 'Writers' });
    expect(await memberRow(readers.id, a.id)).toEqual([]);
    expect(await entryFor('membership', a.id)).toEqual(entryA);

    await t.db.delete(users).where(eq(users.id, b.id));
    const gone = await restore('rreg', s.w.a.id, entryB.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('error.restoreUserGone');
    expect(gone.json().params).toEqual({ name: 'rgone Tester' });
    expect(await entryFor('membership', b.id)).toEqual(entryB);

    await t.db.delete(groupMembers).where(eq(groupMembers.groupId, writers.id));
    await t.db.delete(groups).where(eq(groups.id, readers.id));
    const removed = await restore('rreg', s.w.a.id, entryA.id);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('error.restoreGroupRemoved');
    expect(removed.json().params).toEqual({ name: 'Readers' });
    expect(await memberRow(readers.id, a.id)).toEqual([]);
    expect(await entryFor('membership', a.id)).toEqual(entryA);
    expect(await auditCount('role.members.restore')).toBe(1);
  });

  it('a user removed from the internal group: super admins see it in every bin and restore it; others may not', async () => {
    const [internal] = await t.db
      .select()
      .from(groups)
      .where(eq(groups.externalId, t.app.config.internalGroupId));
    const insider = s.w.insider;
    const rowBefore = await memberRow(internal.id, insider.id);
    expect(rowBefore.length).toBe(1);
    const del = await removeMember('rboss', internal.id, insider.id);
    expect(del.statusCode).toBe(200);
    expect(await memberRow(internal.id, insider.id)).toEqual([]);
    const entry = await entryFor('membership', insider.id);
    expect(entry.institutionId).toBe(0);
    expect(entry.name).toBe(`${insider.firstName} Tester — ${internal.name}`);
    expect((await binOf(s.w.a.id, 'rboss')).some((e) => e.id === entry.id)).toBe(true);
    expect((await binOf(s.w.b.id, 'rboss')).some((e) => e.id === entry.id)).toBe(true);
    expect((await binOf(s.w.a.id, 'rreg')).some((e) => e.id === entry.id)).toBe(false);

    const denied = await auditCount('internalUser.restore', 'denied');
    const res = await restore('rreg', s.w.a.id, entry.id);
    expect(res.statusCode).toBe(403);
    expect(await auditCount('internalUser.restore', 'denied')).toBe(denied + 1);
    expect(await memberRow(internal.id, insider.id)).toEqual([]);
    expect(await entryFor('membership', insider.id)).toEqual(entry);

    const ok = await restore('rboss', s.w.a.id, entry.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().membersBack).toBe(1);
    expect(await memberRow(internal.id, insider.id)).toEqual(rowBefore);
    expect(await auditCount('internalUser.restore')).toBe(1);
  });
});
