import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesApi } from '../../../shared/contract/roles';
import { USER_MESSAGES, usersApi } from '../../../shared/contract/users';
import { groupMembers, mailOutbox, memberships } from '../../db/schema';
import { createSection, setInstructors } from '../../test/course-fixtures';
import { createUser } from '../../test/fixtures';
import { pathOf } from '../../../shared/contract/route';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 'a');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

describe('POST /api/registrarUser/addUser2Institution and addUsers2Institution', () => {
  it('adds an existing account of another institution with a role (201)', async () => {
    const res = await as('reg').call(usersApi.addUser, {
      body: {
        userId: w.bTeacher.id,
        organizationId: w.a.id,
        groupId: w.roles.ta.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(USER_MESSAGES.userAdded);
    const roles = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, w.bTeacher.id));
    expect(roles.map((r) => r.groupId).sort()).toEqual([w.roles.ta.id, w.roles.bInstructor.id].sort());
    const again = await as('reg').call(usersApi.addUser, {
      body: {
        userId: w.bTeacher.id,
        organizationId: w.a.id,
        groupId: w.roles.ta.id,
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it('adds several users at once (201, "User Role(s) has been added successfully")', async () => {
    const x = await createUser(t.db, 'aextra1');
    const y = await createUser(t.db, 'aextra2');
    const res = await as('reg').call(usersApi.addUsers, {
      body: {
        userIds: [x.id, y.id],
        organizationId: w.a.id,
        groupId: w.roles.instructor.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ added: 2, description: USER_MESSAGES.rolesAdded });
    for (const u of [x, y]) {
      const roles = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, u.id));
      expect(roles.map((r) => r.groupId)).toEqual([w.roles.instructor.id]);
      const member = await t.db.select().from(memberships).where(eq(memberships.userId, u.id));
      expect(member.map((m) => m.institutionId)).toEqual([w.a.id]);
    }
  });

  it('refuses another institution (403), unknown users (404), foreign roles (404) and associates (403)', async () => {
    const x = await createUser(t.db, 'aextra3');
    expect(
      (
        await as('reg').call(usersApi.addUser, {
          body: {
            userId: x.id,
            organizationId: w.b.id,
            groupId: w.roles.bInstructor.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as('reg').call(usersApi.addUser, {
          body: {
            userId: 999_999,
            organizationId: w.a.id,
            groupId: w.roles.ta.id,
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as('reg').call(usersApi.addUser, {
          body: {
            userId: x.id,
            organizationId: w.a.id,
            groupId: w.roles.bInstructor.id,
          },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as('assoc').call(usersApi.addUser, {
          body: {
            userId: x.id,
            organizationId: w.b.id,
            groupId: w.roles.bInstructor.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, x.id))).toHaveLength(0);
  });
});

describe('per-user reads and the notification', () => {
  it('GET getPiUser returns the user and what the caller may do', async () => {
    const res = await as('reg').call(usersApi.getPiUser, {
      params: { id: w.u.viewer.id },
      query: { organizationId: w.a.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { username: 'aviewer', superAdmin: false },
      canEdit: true,
      canEditFlags: false,
    });
    expect(
      (
        await as('reg').call(usersApi.getPiUser, {
          params: { id: w.u.regB.id },
          query: { organizationId: w.a.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('GET userSectionAssociation lists the sections the user teaches in this institution', async () => {
    const s = await createSection(t.db, { institutionId: w.a.id, courseName: 'Biology 101' });
    const other = await createSection(t.db, { institutionId: w.b.id, courseName: 'Birch Chemistry' });
    await setInstructors(t.db, s.id, [{ userId: w.instructors[0].id }]);
    await setInstructors(t.db, other.id, [{ userId: w.instructors[0].id, role: 'ta' }]);
    const res = await as('reg').call(usersApi.sections, {
      params: { id: w.instructors[0].id },
      query: { organizationId: w.a.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sections).toEqual([
      expect.objectContaining({ sectionId: s.id, courseName: 'Biology 101', role: 'instructor' }),
    ]);
    expect(
      (
        await as('reg').call(usersApi.sections, {
          params: { id: w.bTeacher.id },
          query: { organizationId: w.b.id },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('POST piUser/:id/notify queues an e-mail to the user', async () => {
    const res = await as('reg').call(usersApi.notify, {
      params: { id: w.u.viewer.id },
      query: { organizationId: w.a.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe(USER_MESSAGES.notified);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'aviewer@example.edu'));
    expect(mails.at(-1)?.text).toContain('Viewer');
    const outboxBefore = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(
      (
        await as('reg').call(usersApi.notify, {
          params: { id: w.u.regB.id },
          query: { organizationId: w.a.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as('viewer').call(usersApi.notify, {
          params: { id: w.u.reg.id },
          query: { organizationId: w.a.id },
        })
      ).statusCode,
    ).toBe(403);
    // Neither refusal queued a mail, to the foreign user or anyone else.
    expect(await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).toEqual(outboxBefore);
  });
});

describe('bad input on the per-user calls answers 422, never 500', () => {
  it.each([
    ['GET', (): string => `${pathOf(usersApi.getPiUser, { id: 'abc' })}?organizationId=${w.a.id}`],
    ['GET', (): string => pathOf(usersApi.getPiUser, { id: w.u.viewer.id })],
    ['GET', (): string => `${pathOf(usersApi.sections, { id: w.u.viewer.id })}?organizationId=x`],
    ['POST', (): string => `${pathOf(usersApi.notify, { id: 0 })}?organizationId=${w.a.id}`],
    ['GET', (): string => usersApi.organizationSearch.path],
    ['GET', (): string => `${usersApi.organizationSearch.path}?organizationId=${w.a.id}&page=-2`],
    ['GET', (): string => pathOf(usersApi.getUser, { username: '  ' })],
  ] as const)('%s %#', async (method, url) => {
    const who = url().includes('getUser') ? 'boss' : 'reg';
    const res = await as(who).request(method, url());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.validation');
  });

  it('refuses an empty or oversized user list, and a missing token', async () => {
    const base = { organizationId: w.a.id, groupId: w.roles.ta.id };
    expect((await as('reg').call(usersApi.addUsers, { body: { ...base, userIds: [] } })).statusCode).toBe(
      422,
    );
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await as('reg').call(usersApi.addUsers, { body: { ...base, userIds: many } })).statusCode).toBe(
      422,
    );
    expect((await as('reg').post(usersApi.addUser.path, { ...base, userId: 'x' })).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: rolesApi.plaUrls.method, url: rolesApi.plaUrls.path })).statusCode,
    ).toBe(401);
  });
});
