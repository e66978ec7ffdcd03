import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_MESSAGES } from '../../../shared/contract/role-rights';
import { rolesApi } from '../../../shared/contract/roles';
import { usersApi } from '../../../shared/contract/users';
import { ADMIN_PERMISSIONS, type Permission } from '../../../shared/permissions';
import { auditLog, groupMembers, groups } from '../../db/schema';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/** Nobody demotes a role or user above their own rights; nobody removes the last role editor. */
let t: TestApp;
let admin: { id: number };
let registrar: { id: number };
let editor: { id: number };
let teacher: { id: number };
let lone: { id: number };
let adminRole: { id: number };
let keeperRole: { id: number };
let teacherRole: { id: number };
let loneAdmin: { id: number };
let loneStaff: { id: number };
let instA: { id: number };
let instB: { id: number };

const KEEPER: Permission[] = ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_CREATE_EDIT_USERS', 'CAN_CREATE_EDIT_ROLES'];

beforeAll(async () => {
  t = await createTestApp();
  instA = await createInstitution(t.db, 'R Alder College');
  instB = await createInstitution(t.db, 'R Birch University');
  admin = await createUser(t.db, 'radmin');
  registrar = await createUser(t.db, 'rregistrar');
  editor = await createUser(t.db, 'reditor');
  teacher = await createUser(t.db, 'rteacher');
  lone = await createUser(t.db, 'rlone');
  adminRole = await createRole(t.db, instA.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id, registrar.id]);
  keeperRole = await createRole(t.db, instA.id, 'Role Keeper', KEEPER, [editor.id]);
  teacherRole = await createRole(t.db, instA.id, 'Teacher', ['CAN_ACCESS_ADMIN_DASHBOARD'], [teacher.id]);
  loneAdmin = await createRole(t.db, instB.id, 'Administrator', ADMIN_PERMISSIONS, [lone.id]);
  loneStaff = await createRole(t.db, instB.id, 'Staff', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  for (const u of ['radmin', 'reditor', 'rlone']) await t.as(u).token();
});
afterAll(() => t.close());

const membersOf = async (groupId: number) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((r) => r.userId)
    .sort();
const roleRow = async (id: number) => (await t.db.select().from(groups).where(eq(groups.id, id)))[0];
const deniedAudits = async (actorUserId: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.action, action), eq(auditLog.outcome, 'denied')),
    );

/** The Administrator permissions the Role Keeper lacks, in PERMISSIONS order. */
const MISSING = ADMIN_PERMISSIONS.filter((p) => !KEEPER.includes(p));

describe('a role editor cannot demote roles above its rights', () => {
  it('refuses removing a member of the Administrator role (403) and changes nothing', async () => {
    const before = await membersOf(adminRole.id);
    const res = await t.as('reditor').call(rolesApi.removeMember, {
      query: { groupId: adminRole.id, memberType: 'identity_id', memberId: registrar.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'error.aboveYourRightsRole',
      description: RIGHTS_MESSAGES.role('Administrator', MISSING),
      params: { name: 'Administrator', missing: MISSING.join(', ') },
    });
    expect(await membersOf(adminRole.id)).toEqual(before);
    expect(await deniedAudits(editor.id, 'role.members.remove')).toHaveLength(1);
  });

  it('refuses cutting the Administrator role to one permission (403) and changes nothing', async () => {
    const before = await roleRow(adminRole.id);
    const res = await t.as('reditor').call(rolesApi.update, {
      query: { groupId: adminRole.id },
      body: {
        permissions: ['CAN_ACCESS_ADMIN_DASHBOARD'],
        version: before.version,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.aboveYourRightsRole');
    const after = await roleRow(adminRole.id);
    expect(after.permissions).toEqual(before.permissions);
    expect(after.version).toBe(before.version);
    // Re-read through the API as the administrator: the registrar still holds all nine.
    const list = (await t.as('radmin').call(rolesApi.list, { query: { contextId: instA.id } })).json();
    const role = list.groups.find((g: { groupId: number }) => g.groupId === adminRole.id);
    expect(role.permissions).toEqual(ADMIN_PERMISSIONS);
    expect(role.members.memberIds).toEqual(expect.arrayContaining([admin.id, registrar.id]));
    expect(await deniedAudits(editor.id, 'role.update')).toHaveLength(1);
  });

  it('refuses renaming or deleting the Administrator role', async () => {
    const before = await roleRow(adminRole.id);
    const rename = await t.as('reditor').call(rolesApi.update, {
      query: { groupId: adminRole.id },
      body: {
        name: 'Demoted',
        version: before.version,
      },
    });
    expect(rename.statusCode).toBe(403);
    const del = await t.as('reditor').call(rolesApi.remove, {
      query: { groupId: adminRole.id },
      body: {
        reassignAllTo: keeperRole.id,
      },
    });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('error.aboveYourRightsRole');
    expect(await roleRow(adminRole.id)).toEqual(before);
    expect(await membersOf(adminRole.id)).toEqual([admin.id, registrar.id].sort());
  });

  it('refuses moving the Administrator role’s users to another role', async () => {
    const res = await t.as('reditor').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: adminRole.id,
        groupId: keeperRole.id,
        all: true,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.aboveYourRightsRole');
    expect(await membersOf(adminRole.id)).toEqual([admin.id, registrar.id].sort());
  });

  it('refuses changing the role of a user who holds permissions the editor lacks', async () => {
    const add = await t.as('reditor').call(rolesApi.addMembers, {
      body: {
        groupId: keeperRole.id,
        memberIds: [registrar.id],
      },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({
      message: 'error.aboveYourRightsUser',
      description: RIGHTS_MESSAGES.user('rregistrar', MISSING),
      params: { username: 'rregistrar', missing: MISSING.join(', ') },
    });
    const edit = await t.as('reditor').call(usersApi.editPiUser, {
      query: { organizationId: instA.id },
      body: {
        userId: registrar.id,
        firstName: 'Reg',
        lastName: 'Istrar',
        email: 'rregistrar@example.edu',
        groupId: keeperRole.id,
      },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('error.aboveYourRightsUser');
    expect(await membersOf(adminRole.id)).toEqual([admin.id, registrar.id].sort());
    expect(await membersOf(keeperRole.id)).toEqual([editor.id]);
  });

  it('still lets the editor change roles and users within its rights', async () => {
    const res = await t.as('reditor').call(rolesApi.addMembers, {
      body: {
        groupId: keeperRole.id,
        memberIds: [teacher.id],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await membersOf(keeperRole.id)).toEqual([editor.id, teacher.id].sort());
    const back = await t.as('reditor').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: keeperRole.id,
        groupId: teacherRole.id,
        memberIds: [teacher.id],
      },
    });
    expect(back.statusCode).toBe(200);
    expect(await membersOf(teacherRole.id)).toEqual([teacher.id]);
  });
});

describe('nobody removes the last holder of CAN_CREATE_EDIT_ROLES', () => {
  it('refuses taking the permission off the only role that holds it (409)', async () => {
    const before = await roleRow(loneAdmin.id);
    const res = await t.as('rlone').call(rolesApi.update, {
      query: { groupId: loneAdmin.id },
      body: {
        permissions: ADMIN_PERMISSIONS.filter((p) => p !== 'CAN_CREATE_EDIT_ROLES'),
        version: before.version,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'error.lastRoleEditor',
      description: RIGHTS_MESSAGES.lastRoleEditor,
    });
    expect(await roleRow(loneAdmin.id)).toEqual(before);
  });

  it('refuses removing or moving the last holder (409), and nothing changes', async () => {
    const remove = await t.as('rlone').call(rolesApi.removeMember, {
      query: { groupId: loneAdmin.id, memberType: 'identity_id', memberId: lone.id },
    });
    expect(remove.statusCode).toBe(409);
    const move = await t.as('rlone').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: loneAdmin.id,
        groupId: loneStaff.id,
        all: true,
      },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe('error.lastRoleEditor');
    expect(await membersOf(loneAdmin.id)).toEqual([lone.id]);
    expect(await membersOf(loneStaff.id)).toEqual([]);
  });

  it('allows it once someone else holds the permission', async () => {
    const other = await createUser(t.db, 'rsecond');
    await t.db.insert(groupMembers).values({ groupId: loneAdmin.id, userId: other.id });
    const remove = await t.as('rlone').call(rolesApi.removeMember, {
      query: { groupId: loneAdmin.id, memberType: 'identity_id', memberId: other.id },
    });
    expect(remove.statusCode).toBe(200);
    expect(await membersOf(loneAdmin.id)).toEqual([lone.id]);
  });
});
