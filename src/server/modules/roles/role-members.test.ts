import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, rolesApi } from '../../../shared/contract/roles';
import { groupMembers } from '../../db/schema';
import { createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, deniedAudits, type Persona } from '../../test/users-world';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;
/** The users world's personas of this file (`m` + name). */
const as = (who: Persona) => t.as(who === 'regB' ? 'mregb' : `m${who}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 'm');
  for (const who of ['reg', 'lim', 'viewer', 'regB', 'boss', 'assoc', 'support'] as const)
    await as(who).token();
});
afterAll(() => t.close());

const rolesOf = async (userId: number) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.userId, userId)))
    .map((r) => r.groupId)
    .sort();

describe('GET /api/groupAuth/groupMember (role detail)', () => {
  it('returns the role and its users with their details', async () => {
    const res = await as('reg').call(rolesApi.members, { query: { groupId: w.roles.instructor.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group.name).toBe('Instructor');
    expect(body.users).toHaveLength(8);
    expect(body.users[0]).toMatchObject({
      memberType: 'identity_id',
      email: expect.stringContaining('@example.edu'),
    });
  });

  it("refuses another institution's role and answers 404 for an unknown one", async () => {
    expect(
      (await as('reg').call(rolesApi.members, { query: { groupId: w.roles.bAdmin.id } })).statusCode,
    ).toBe(403);
    expect((await as('reg').call(rolesApi.members, { query: { groupId: 424242 } })).statusCode).toBe(404);
    expect((await as('reg').call(rolesApi.members)).statusCode).toBe(422);
  });
});

describe('PUT /api/groupAuth/groupMember (change the role of users)', () => {
  it('moves selected users to another role', async () => {
    const [t0, t1] = w.instructors;
    const res = await as('reg').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: w.roles.instructor.id,
        groupId: w.roles.ta.id,
        memberIds: [t0.id, t1.id],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, description: ROLE_MESSAGES.usersChanged });
    expect(await rolesOf(t0.id)).toEqual([w.roles.ta.id]);
  });

  it('moves all users of a role', async () => {
    const users = [await createUser(t.db, 'mall1'), await createUser(t.db, 'mall2')];
    const from = await createRole(
      t.db,
      w.a.id,
      'Old Role',
      [],
      users.map((u) => u.id),
    );
    const res = await as('reg').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: from.id,
        groupId: w.roles.ta.id,
        all: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    const left = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, from.id));
    expect(left).toHaveLength(0);
  });

  it('refuses users not in the role, the same role, no selection, and a role of another institution', async () => {
    const base = { fromGroupId: w.roles.instructor.id };
    const membersOf = async (groupId: number) =>
      (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
        .map((m) => m.userId)
        .sort();
    const sourceBefore = await membersOf(w.roles.instructor.id);
    const bSourceBefore = await membersOf(w.roles.bInstructor.id);
    const taBefore = await membersOf(w.roles.ta.id);
    expect(sourceBefore.length).toBeGreaterThan(0);
    const stranger = await as('reg').call(rolesApi.changeMembers, {
      body: {
        ...base,
        groupId: w.roles.ta.id,
        memberIds: [w.u.viewer.id],
      },
    });
    expect(stranger.statusCode).toBe(422);
    expect(await rolesOf(w.u.viewer.id)).toEqual([w.roles.viewer.id]);
    expect(
      (
        await as('reg').call(rolesApi.changeMembers, {
          body: {
            ...base,
            groupId: base.fromGroupId,
            all: true,
          },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await as('reg').call(rolesApi.changeMembers, { body: { ...base, groupId: w.roles.ta.id } }))
        .statusCode,
    ).toBe(422);
    const foreign = await as('reg').call(rolesApi.changeMembers, {
      body: {
        ...base,
        groupId: w.roles.bInstructor.id,
        all: true,
      },
    });
    expect(foreign.statusCode).toBe(403);
    const mixed = await as('boss').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: w.roles.bInstructor.id,
        groupId: w.roles.ta.id,
        all: true,
      },
    });
    expect(mixed.statusCode).toBe(404);
    expect(await membersOf(w.roles.instructor.id)).toEqual(sourceBefore);
    expect(await membersOf(w.roles.bInstructor.id)).toEqual(bSourceBefore);
    expect(await membersOf(w.roles.ta.id)).toEqual(taBefore);
  });

  it('refuses moving users into a role with permissions the caller lacks', async () => {
    const u = await createUser(t.db, 'mlim1');
    const from = await createRole(t.db, w.a.id, 'Lim Source', [], [u.id]);
    const res = await as('lim').call(rolesApi.changeMembers, {
      body: {
        fromGroupId: from.id,
        groupId: w.roles.admin.id,
        all: true,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(await rolesOf(u.id)).toEqual([from.id]);
    expect((await deniedAudits(t.db, 'role.members.change')).length).toBeGreaterThan(0);
  });
});

describe('POST and DELETE /api/groupAuth/groupMember on a role', () => {
  it('adds users of the institution to a role (replacing their role there)', async () => {
    const u = await createUser(t.db, 'madd1');
    await createRole(t.db, w.a.id, 'Start Role', [], [u.id]);
    const res = await as('reg').call(rolesApi.addMembers, {
      body: {
        groupId: w.roles.ta.id,
        memberType: 'identity_id',
        memberIds: [String(u.id)],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await rolesOf(u.id)).toEqual([w.roles.ta.id]);
  });

  it('refuses users outside the institution (422), unknown users (404) and unknown roles (404)', async () => {
    const res = await as('reg').call(rolesApi.addMembers, {
      body: {
        groupId: w.roles.ta.id,
        memberIds: [w.bTeacher.id],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(await rolesOf(w.bTeacher.id)).toEqual([w.roles.bInstructor.id]);
    expect(
      (
        await as('reg').call(rolesApi.addMembers, {
          body: {
            groupId: w.roles.ta.id,
            memberIds: [777777],
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as('reg').call(rolesApi.addMembers, { body: { groupId: 777777, memberIds: [w.u.reg.id] } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('reg').call(rolesApi.addMembers, { body: { groupId: w.roles.ta.id, memberIds: [] } }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await as('reg').call(rolesApi.addMembers, {
          body: {
            groupId: w.roles.bInstructor.id,
            memberIds: [w.bTeacher.id],
          },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('removes a user from a role; a second removal is 404', async () => {
    const u = await createUser(t.db, 'mrem1');
    const g = await createRole(t.db, w.a.id, 'Removal Role', [], [u.id]);
    const remove = { query: { groupId: g.id, memberType: 'identity_id' as const, memberId: u.id } };
    expect((await as('reg').call(rolesApi.removeMember, remove)).statusCode).toBe(200);
    expect(await rolesOf(u.id)).toEqual([]);
    expect((await as('reg').call(rolesApi.removeMember, remove)).statusCode).toBe(404);
    const foreign = { query: { groupId: w.roles.bInstructor.id, memberId: w.bTeacher.id } };
    expect((await as('reg').call(rolesApi.removeMember, foreign)).statusCode).toBe(403);
  });
});

describe('GET /api/groupAuth/groupsByMember', () => {
  it("returns the caller's own groups", async () => {
    const res = await as('reg').call(rolesApi.byMember, { query: { memberId: w.u.reg.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().groups).toEqual([
      expect.objectContaining({ groupId: w.roles.admin.id, name: 'Administrator', contextId: w.a.id }),
    ]);
  });

  it("returns another user's groups in an institution where the caller manages users", async () => {
    const res = await as('reg').call(rolesApi.byMember, {
      query: { memberId: w.u.viewer.id, organizationIdForRole: w.a.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().groups.map((g: { name: string }) => g.name)).toEqual(['Viewer']);
  });

  it("refuses another institution's user, and another user without an institution", async () => {
    expect(
      (
        await as('reg').call(rolesApi.byMember, {
          query: { memberId: w.bTeacher.id, organizationIdForRole: w.b.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as('reg').call(rolesApi.byMember, {
          query: { memberId: w.bTeacher.id, organizationIdForRole: w.a.id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as('reg').call(rolesApi.byMember, { query: { memberId: w.u.viewer.id } })).statusCode).toBe(
      422,
    );
  });

  it('gives flag holders all their groups, unfiltered', async () => {
    const res = await as('boss').call(rolesApi.byMember, { query: { memberId: w.u.boss.id } });
    expect(res.json().groups.map((g: { groupId: number }) => g.groupId)).toContain(w.roles.bAdmin.id);
  });
});
