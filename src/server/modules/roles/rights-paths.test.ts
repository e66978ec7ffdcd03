import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_MESSAGES } from '../../../shared/contract/role-rights';
import { rolesApi } from '../../../shared/contract/roles';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groupMembers, groups } from '../../db/schema';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * One rights rule on every path: removing a member, "change all users", deleting a role with a
 * remap and giving a role all refuse a user holding rights (or a flag) the actor lacks, as a
 * whole and before anything moves; a super admin's rights cover the other flags.
 */
let t: TestApp;
let reg: { id: number };
let boss: { id: number };
let jordan: { id: number; username: string };
let avery: { id: number; username: string };
let plain: { id: number };
let staff: { id: number };
let other: { id: number };
let spare: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createInstitution(t.db, 'P Alder College');
  reg = await createUser(t.db, 'preg');
  boss = await createUser(t.db, 'pboss', { superAdmin: true });
  jordan = await createUser(t.db, 'pjordan', { nasupport: true });
  avery = await createUser(t.db, 'pavery', { associateSuperAdmin: true });
  plain = await createUser(t.db, 'pplain');
  await createRole(t.db, a.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  // as the demo seed places staff: an Administrator role at home (their permissions count everywhere)
  const home = await createInstitution(t.db, 'P Staff Home');
  await createRole(t.db, home.id, 'Administrator', ADMIN_PERMISSIONS, [boss.id]);
  staff = await createRole(t.db, a.id, 'Staff', ['CAN_ACCESS_ADMIN_DASHBOARD'], [jordan.id, plain.id]);
  other = await createRole(t.db, a.id, 'Other', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  spare = await createRole(t.db, a.id, 'Spare', ['CAN_ACCESS_ADMIN_DASHBOARD'], [avery.id]);
  for (const u of ['preg', 'pboss']) await t.as(u).token();
});
afterAll(() => t.close());

const membersOf = async (groupId: number) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((r) => r.userId)
    .sort((x, y) => x - y);
const denied = async (action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.actorUserId, reg.id), eq(auditLog.action, action), eq(auditLog.outcome, 'denied')),
    );
const roleExists = async (id: number) => (await t.db.select().from(groups).where(eq(groups.id, id))).length;

describe('one rights rule on every path', () => {
  it('refuses removing the role of a nasupport holder (403, audited, nothing removed)', async () => {
    const before = await membersOf(staff.id);
    const res = await t.as('preg').call(rolesApi.removeMember, {
      query: { groupId: staff.id, memberType: 'identity_id', memberId: jordan.id },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'error.aboveYourRightsUser',
      description: RIGHTS_MESSAGES.user('pjordan', ['nasupport']),
      params: { username: 'pjordan', missing: 'nasupport' },
    });
    expect(await membersOf(staff.id)).toEqual(before);
    expect(await denied('role.members.remove')).toHaveLength(1);
  });

  it('refuses "change all users" naming the blocking user, and moves nobody', async () => {
    const res = await t.as('preg').call(rolesApi.changeMembers, {
      body: {
        groupId: other.id,
        fromGroupId: staff.id,
        all: true,
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().params).toMatchObject({ username: 'pjordan' });
    expect(await membersOf(staff.id)).toEqual([jordan.id, plain.id].sort((x, y) => x - y));
    expect(await membersOf(other.id)).toEqual([]);
  });

  it('refuses deleting that role with a remap: nobody moves and the role stays', async () => {
    const res = await t.as('preg').call(rolesApi.remove, {
      query: { groupId: staff.id },
      body: {
        reassignAllTo: other.id,
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'error.aboveYourRightsUser',
      params: { username: 'pjordan' },
    });
    expect(await roleExists(staff.id)).toBe(1);
    expect(await membersOf(staff.id)).toEqual([jordan.id, plain.id].sort((x, y) => x - y));
    expect(await membersOf(other.id)).toEqual([]);
    expect(await denied('role.delete')).toHaveLength(1);
  });

  it('names every blocking user when several block the change', async () => {
    await t.db.insert(groupMembers).values({ groupId: staff.id, userId: avery.id }).onConflictDoNothing();
    await t.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, spare.id), eq(groupMembers.userId, avery.id)));
    const res = await t.as('preg').call(rolesApi.changeMembers, {
      body: {
        groupId: other.id,
        fromGroupId: staff.id,
        all: true,
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'error.aboveYourRightsUsers',
      params: { users: 'pjordan (nasupport); pavery (associateSuperAdmin)' },
    });
    expect(res.json().description).toBe(
      RIGHTS_MESSAGES.users(['pjordan (nasupport)', 'pavery (associateSuperAdmin)']),
    );
    expect(await membersOf(other.id)).toEqual([]);
    await t.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, staff.id), eq(groupMembers.userId, avery.id)));
    await t.db.insert(groupMembers).values({ groupId: spare.id, userId: avery.id });
  });

  it('still lets the registrar remove a member holding nothing above their rights', async () => {
    const res = await t.as('preg').call(rolesApi.removeMember, {
      query: { groupId: staff.id, memberType: 'identity_id', memberId: plain.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await membersOf(staff.id)).toEqual([jordan.id]);
  });

  it('lets a super admin give a nasupport holder a role (super covers the other flags)', async () => {
    const res = await t.as('pboss').call(rolesApi.addMembers, {
      body: {
        groupId: other.id,
        memberType: 'identity_id',
        memberIds: [jordan.id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await membersOf(other.id)).toEqual([jordan.id]);
    expect(await membersOf(staff.id)).toEqual([]);
  });
});
