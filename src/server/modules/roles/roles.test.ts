import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteBody } from '../../../shared/contract/route';
import { ROLE_MESSAGES, rolesApi } from '../../../shared/contract/roles';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groupMembers, groups } from '../../db/schema';
import { createInstitution, createRole, createUser, internalGroupRowId } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, deniedAudits, type Persona } from '../../test/users-world';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;
/** The users world's personas of this file (`r` + name). */
const as = (who: Persona) => t.as(who === 'regB' ? 'rregb' : `r${who}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 'r');
  for (const who of ['reg', 'lim', 'viewer', 'regB', 'boss', 'assoc', 'support'] as const)
    await as(who).token();
});
afterAll(() => t.close());

/** The stored role row and its member ids, to compare before and after a request. */
const storedRole = async (groupId: number) => ({
  group: (await t.db.select().from(groups).where(eq(groups.id, groupId)))[0],
  members: (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((m) => m.userId)
    .sort(),
});

const roleNames = async (contextId: number) =>
  (await as('reg').call(rolesApi.list, { query: { contextId } }))
    .json()
    .groups.map((g: { name: string }) => g.name);

describe('GET /api/groupAuth/group', () => {
  it("lists the institution's roles with members, version and what the caller may grant", async () => {
    const res = await as('reg').call(rolesApi.list, { query: { contextId: w.a.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.groups.map((g: { name: string }) => g.name)).toEqual([
      'Administrator',
      'Instructor',
      'Limited Admin',
      'Teaching Assistant',
      'Viewer',
    ]);
    const instructor = body.groups.find((g: { name: string }) => g.name === 'Instructor');
    expect(instructor).toMatchObject({
      contextType: 'ORGANIZATION',
      contextId: w.a.id,
      memberCount: 8,
      version: 1,
    });
    expect(instructor.members.memberIds).toHaveLength(8);
    expect(body.canEdit).toBe(true);
    expect(body.grantable).toEqual([...ADMIN_PERMISSIONS, 'NO_DASHBOARD_ACCESS']);
  });

  it("refuses another institution's roles, the associate super admin, and a bad query", async () => {
    expect((await as('reg').call(rolesApi.list, { query: { contextId: w.b.id } })).statusCode).toBe(403);
    expect((await as('assoc').call(rolesApi.list, { query: { contextId: w.b.id } })).statusCode).toBe(403);
    expect((await as('viewer').call(rolesApi.list, { query: { contextId: w.a.id } })).statusCode).toBe(403);
    expect((await as('reg').call(rolesApi.list)).statusCode).toBe(422);
    expect((await as('reg').call(rolesApi.list, { query: { contextId: 'abc' } })).statusCode).toBe(422);
  });

  it('lets flag holders (super admin, nasupport) manage roles of any institution', async () => {
    expect((await as('boss').call(rolesApi.list, { query: { contextId: w.a.id } })).statusCode).toBe(200);
    expect((await as('support').call(rolesApi.list, { query: { contextId: w.a.id } })).statusCode).toBe(200);
  });
});

describe('POST /api/groupAuth/group (create, copy)', () => {
  it('creates a role (201), audits it, and the list shows it', async () => {
    const res = await as('reg').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Grader',
        permissions: ['CAN_ENROLL_STUDENTS', 'CAN_ENROLL_STUDENTS'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      description: ROLE_MESSAGES.created,
      group: { name: 'Grader', permissions: ['CAN_ENROLL_STUDENTS'], memberCount: 0, version: 1 },
    });
    expect(await roleNames(w.a.id)).toContain('Grader');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'role.create'), eq(auditLog.entityId, String(res.json().group.groupId))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0].actorUserId).toBe(w.u.reg.id);
  });

  it('answers a blank name with 422 "Role name should not be blank." and a duplicate (any case) with 409', async () => {
    const blank = await as('reg').call(rolesApi.create, { body: { contextId: w.a.id, name: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().fields.name).toBe(ROLE_MESSAGES.blank);
    const dup = await as('reg').call(rolesApi.create, { body: { contextId: w.a.id, name: 'instructor' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: 'error.roleNameTaken',
      description: ROLE_MESSAGES.duplicate,
    });
    const badPermission = await as('reg').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Weird',
        permissions: ['CAN_FLY' as 'NO_DASHBOARD_ACCESS'], // not a permission: 422
      },
    });
    expect(badPermission.statusCode).toBe(422);
    expect(await roleNames(w.a.id)).not.toContain('Weird');
  });

  it('copies the permissions of a role of the same institution, not of another one', async () => {
    const res = await as('reg').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Instructor (copy)',
        copyFromGroupId: w.roles.instructor.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().group.permissions).toEqual(['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS']);
    expect(res.json().group.memberCount).toBe(0);
    const foreign = await as('reg').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Stolen',
        copyFromGroupId: w.roles.bAdmin.id,
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('error.roleNotFound');
    const internal = await as('reg').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Stolen',
        copyFromGroupId: await internalGroupRowId(t.db, t.app.config.internalGroupId),
      },
    });
    expect(internal.statusCode).toBe(404);
    expect(await t.db.select().from(groups).where(eq(groups.name, 'Stolen'))).toEqual([]);
  });

  it('refuses creating a role in another institution, with an audit row of the refusal', async () => {
    const before = (await deniedAudits(t.db, 'POST /api/groupAuth/group')).length;
    const res = await as('reg').call(rolesApi.create, { body: { contextId: w.b.id, name: 'Intruder' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.accessDenied');
    expect((await deniedAudits(t.db, 'POST /api/groupAuth/group')).length).toBe(before + 1);
    const inB = await t.db.select().from(groups).where(eq(groups.contextId, w.b.id));
    expect(inB.map((g) => g.name)).not.toContain('Intruder');
  });

  it('refuses granting a permission the caller does not hold (403, nothing written, audited)', async () => {
    const res = await as('lim').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Deleters',
        permissions: ['CAN_DELETE_COURSES'],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().description).toMatch(/CAN_DELETE_COURSES/);
    expect(await roleNames(w.a.id)).not.toContain('Deleters');
    expect((await deniedAudits(t.db, 'role.create')).length).toBeGreaterThan(0);
    const copy = await as('lim').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'Admin copy',
        copyFromGroupId: w.roles.admin.id,
      },
    });
    expect(copy.statusCode).toBe(403);
    const ok = await as('lim').call(rolesApi.create, {
      body: {
        contextId: w.a.id,
        name: 'No dashboard',
        permissions: ['NO_DASHBOARD_ACCESS', 'CAN_CREATE_EDIT_USERS'],
      },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('answers 404 for an unknown institution (super admin)', async () => {
    const res = await as('boss').call(rolesApi.create, { body: { contextId: 999_999, name: 'Ghost' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/groupAuth/group (rename, permissions, version)', () => {
  it('renames and changes permissions; the version goes up', async () => {
    const g = await createRole(t.db, w.a.id, 'Proctor', ['CAN_ENROLL_STUDENTS'], []);
    const res = await as('reg').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        name: 'Exam Proctor',
        permissions: ['CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: ROLE_MESSAGES.updated,
      group: {
        name: 'Exam Proctor',
        version: 2,
        permissions: ['CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
      },
    });
  });

  it('two admins editing the same role: the second save gets 409 and the first change is kept', async () => {
    const g = await createRole(t.db, w.a.id, 'Shared Role', ['CAN_ENROLL_STUDENTS'], []);
    const loaded = (await as('reg').call(rolesApi.list, { query: { contextId: w.a.id } }))
      .json()
      .groups.find((x: { groupId: number }) => x.groupId === g.id);
    const first = await as('reg').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        permissions: ['CAN_ENROLL_STUDENTS', 'CAN_COPY_EDIT_COURSES'],
        version: loaded.version,
      },
    });
    expect(first.statusCode).toBe(200);
    const second = await as('boss').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        name: 'Renamed by boss',
        version: loaded.version,
      },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'error.roleVersionConflict',
      description: ROLE_MESSAGES.conflict,
    });
    const [row] = await t.db.select().from(groups).where(eq(groups.id, g.id));
    expect(row).toMatchObject({
      name: 'Shared Role',
      permissions: ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS'],
      version: 2,
    });
    const retry = await as('boss').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        name: 'Renamed by boss',
        version: 2,
      },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().group).toMatchObject({
      name: 'Renamed by boss',
      permissions: ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS'],
    });
  });

  it('two saves at the same instant: exactly one wins', async () => {
    const g = await createRole(t.db, w.a.id, 'Race Role', [], []);
    const results = await Promise.all([
      as('reg').call(rolesApi.update, {
        query: { groupId: g.id },
        body: {
          permissions: ['CAN_ENROLL_STUDENTS'],
          version: 1,
        },
      }),
      as('boss').call(rolesApi.update, {
        query: { groupId: g.id },
        body: {
          permissions: ['CAN_DELETE_COURSES'],
          version: 1,
        },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a duplicate name, an unknown role, the internal group, another institution and a missing version', async () => {
    const g = await createRole(t.db, w.a.id, 'Temp Role', [], []);
    const gBefore = await storedRole(g.id);
    const foreignBefore = await storedRole(w.roles.bInstructor.id);
    expect(
      (
        await as('reg').call(rolesApi.update, {
          query: { groupId: g.id },
          body: { name: 'VIEWER', version: 1 },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await as('reg').call(rolesApi.update, { query: { groupId: 999999 }, body: { name: 'X', version: 1 } }))
        .statusCode,
    ).toBe(404);
    const [internal] = await t.db
      .select()
      .from(groups)
      .where(eq(groups.externalId, t.app.config.internalGroupId));
    expect(
      (
        await as('boss').call(rolesApi.update, {
          query: { groupId: internal.id },
          body: { name: 'X', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as('reg').call(rolesApi.update, {
          query: { groupId: w.roles.bInstructor.id },
          body: {
            name: 'X',
            version: 1,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as('reg').call(rolesApi.update, {
          query: { groupId: g.id },
          body: { name: 'X' } as RouteBody<typeof rolesApi.update>,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await as('reg').call(rolesApi.update, { query: { groupId: g.id }, body: { version: 1 } })).statusCode,
    ).toBe(422);
    expect(await storedRole(g.id)).toEqual(gBefore);
    expect(await storedRole(w.roles.bInstructor.id)).toEqual(foreignBefore);
    const [internalAfter] = await t.db.select().from(groups).where(eq(groups.id, internal.id));
    expect(internalAfter).toEqual(internal);
  });

  it('refuses adding a permission the caller lacks, and changing a role holding one', async () => {
    const g = await createRole(t.db, w.a.id, 'Has Delete', ['CAN_DELETE_COURSES'], []);
    const taBefore = await storedRole(w.roles.ta.id);
    const add = await as('lim').call(rolesApi.update, {
      query: { groupId: w.roles.ta.id },
      body: {
        permissions: ['CAN_ENROLL_STUDENTS', 'CAN_DELETE_COURSES'],
        version: 1,
      },
    });
    expect(add.statusCode).toBe(403);
    expect(await storedRole(w.roles.ta.id)).toEqual(taBefore);
    const rename = await as('lim').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        name: 'Has Delete 2',
        version: 1,
      },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('error.aboveYourRightsRole');
    expect((await storedRole(g.id)).group).toMatchObject({
      name: 'Has Delete',
      permissions: ['CAN_DELETE_COURSES'],
      version: 1,
    });
  });
});

describe('DELETE /api/groupAuth/group', () => {
  it('refuses deleting a role that still has users until they are mapped to other roles', async () => {
    const users = [
      await createUser(t.db, 'rdel1'),
      await createUser(t.db, 'rdel2'),
      await createUser(t.db, 'rdel3'),
    ];
    const g = await createRole(
      t.db,
      w.a.id,
      'Doomed',
      ['CAN_ENROLL_STUDENTS'],
      users.map((u) => u.id),
    );
    const refused = await as('reg').call(rolesApi.remove, { query: { groupId: g.id }, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'error.roleHasUsers',
      description: `${ROLE_MESSAGES.mapFirst} (${users.length} not mapped)`,
      params: { unmapped: users.length },
    });
    const res = await as('reg').call(rolesApi.remove, {
      query: { groupId: g.id },
      body: {
        mappings: [{ memberId: users[0].id, groupId: w.roles.instructor.id }],
        reassignAllTo: w.roles.ta.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ moved: 3, description: ROLE_MESSAGES.deleted });
    expect(await t.db.select().from(groups).where(eq(groups.id, g.id))).toHaveLength(0);
    const held = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, users[0].id));
    expect(held.map((h) => h.groupId)).toEqual([w.roles.instructor.id]);
    const held2 = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, users[2].id));
    expect(held2.map((h) => h.groupId)).toEqual([w.roles.ta.id]);
  });

  it('deletes an empty role without mappings, and refuses mapping into another institution', async () => {
    const g = await createRole(t.db, w.a.id, 'Empty Role', [], []);
    const u = await createUser(t.db, 'rdel4');
    const g2 = await createRole(t.db, w.a.id, 'Half Role', [], [u.id]);
    const foreign = await as('reg').call(rolesApi.remove, {
      query: { groupId: g2.id },
      body: {
        reassignAllTo: w.roles.bInstructor.id,
      },
    });
    expect(foreign.statusCode).toBe(422);
    expect(await t.db.select().from(groups).where(eq(groups.id, g2.id))).toHaveLength(1);
    const res = await as('reg').call(rolesApi.remove, { query: { groupId: g.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toBe(0);
  });

  it('the only role of an institution can be neither deleted nor changed', async () => {
    const solo = await createInstitution(t.db, 'Solo College');
    const g = await createRole(t.db, solo.id, 'Everyone', ADMIN_PERMISSIONS, []);
    const del = await as('boss').call(rolesApi.remove, { query: { groupId: g.id }, body: {} });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ message: 'error.onlyRole', description: ROLE_MESSAGES.onlyRole });
    const put = await as('boss').call(rolesApi.update, {
      query: { groupId: g.id },
      body: {
        name: 'All',
        version: 1,
      },
    });
    expect(put.statusCode).toBe(409);
    expect((await t.db.select().from(groups).where(eq(groups.id, g.id)))[0].name).toBe('Everyone');
  });

  it("refuses another institution's role and an unknown one", async () => {
    const foreignBefore = await storedRole(w.roles.bInstructor.id);
    expect(
      (await as('reg').call(rolesApi.remove, { query: { groupId: w.roles.bInstructor.id }, body: {} }))
        .statusCode,
    ).toBe(403);
    expect((await as('reg').call(rolesApi.remove, { query: { groupId: 987654 }, body: {} })).statusCode).toBe(
      404,
    );
    expect(await storedRole(w.roles.bInstructor.id)).toEqual(foreignBefore);
  });
});

describe('GET /api/groupAuth/plaUrls', () => {
  it('returns the environment links', async () => {
    const res = await as('viewer').call(rolesApi.plaUrls);
    expect(res.statusCode).toBe(200);
    expect(res.json().urls.help).toMatch(/^https:\/\//);
  });
});
