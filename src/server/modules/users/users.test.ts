import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, usersApi } from '../../../shared/contract/users';
import { accountRequests, auditLog, groupMembers, mailOutbox, memberships, users } from '../../db/schema';
import { pathOf } from '../../../shared/contract/route';
import { createTestApp, type TestApp } from '../../test/harness';
import { internalGroupRowId } from '../../test/fixtures';
import { createUsersWorld, deniedAudits, type Persona } from '../../test/users-world';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

/** The stored user row and its role memberships, to compare before and after a request. */
const stored = async (userId: number) => ({
  user: (await t.db.select().from(users).where(eq(users.id, userId)))[0],
  roles: (await t.db.select().from(groupMembers).where(eq(groupMembers.userId, userId)))
    .map((m) => m.groupId)
    .sort(),
});

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 'u');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

const search = (body: Record<string, unknown>, who: Persona = 'reg') =>
  as(who).call(usersApi.search, { body: { organizationId: w.a.id, ...body } });

describe('POST /api/registrarUser/searchUser', () => {
  it("pages through the institution's users 8 at a time, with their role", async () => {
    const p0 = await search({});
    expect(p0.statusCode).toBe(200);
    const body = p0.json();
    expect(body).toMatchObject({ total: 11, page: 0, pageSize: 8 });
    expect(body.users).toHaveLength(8);
    const p1 = (await search({ page: 1 })).json();
    expect(p1.users).toHaveLength(3);
    const all = [...body.users, ...p1.users];
    expect(new Set(all.map((u: { id: number }) => u.id)).size).toBe(11);
    const reg = all.find((u: { username: string }) => u.username === 'ureg');
    expect(reg).toMatchObject({
      roles: [{ name: 'Administrator' }],
      organizations: [{ id: w.a.id, role: 'Administrator', organizationName: 'u Alder College' }],
      member: true,
      flagged: false,
    });
    expect(all.map((u: { username: string }) => u.username)).not.toContain('ubteacher');
  });

  it('matches part of a name, e-mail or user name, case-insensitively; % is a plain character', async () => {
    expect((await search({ searchText: 'TEACHER' })).json().total).toBe(8);
    expect(
      (await search({ searchText: 'uteacher3@' })).json().users.map((u: { username: string }) => u.username),
    ).toEqual(['uteacher3']);
    expect((await search({ searchText: 'uviewer tester' })).json().total).toBe(1);
    expect((await search({ searchText: '%' })).json().total).toBe(0);
  });

  it("finds another institution's account only by its exact e-mail or user name, without its institutions", async () => {
    expect((await search({ searchText: 'ubteach', includeOtherInstitutions: true })).json().total).toBe(0);
    const exact = (
      await search({ searchText: 'UBTEACHER@example.edu', includeOtherInstitutions: true })
    ).json();
    expect(exact.users).toEqual([
      expect.objectContaining({ username: 'ubteacher', member: false, organizations: [], roles: [] }),
    ]);
  });

  it('refuses another institution, viewers without the dashboard, and bad input', async () => {
    expect((await as('reg').call(usersApi.search, { body: { organizationId: w.b.id } })).statusCode).toBe(
      403,
    );
    expect((await search({}, 'assoc')).statusCode).toBe(403);
    expect((await as('reg').post(usersApi.search.path, {})).statusCode).toBe(422);
    expect((await search({ page: -1 })).statusCode).toBe(422);
    expect((await search({ pageSize: 1000 })).statusCode).toBe(422);
  });

  it('GET /api/institution/organizationUserSearch answers the same search', async () => {
    const res = await as('reg').call(usersApi.organizationSearch, {
      query: { organizationId: w.a.id, q: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { username: string }) => u.username)).toEqual(['uviewer']);
    expect(
      (await as('reg').call(usersApi.organizationSearch, { query: { organizationId: w.b.id } })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/registrarUser/piUser/:id (account request)', () => {
  const valid = () => ({
    firstName: 'Nora',
    lastName: 'Quinn',
    email: 'Nora.Quinn@Example.edu',
    groupId: w.roles.ta.id,
  });

  it('creates a pending account in the institution with the role, and queues the setup e-mail (201)', async () => {
    const res = await as('reg').call(usersApi.createPiUser, { params: { id: w.a.id }, body: valid() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.description).toBe(USER_MESSAGES.accountRequested);
    expect(body.user).toMatchObject({
      username: 'nora.quinn@example.edu',
      status: 'pending',
      roles: [{ name: 'Teaching Assistant' }],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row.passwordHash).toBeNull();
    const member = await t.db.select().from(memberships).where(eq(memberships.userId, row.id));
    expect(member.map((m) => m.institutionId)).toEqual([w.a.id]);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nora.quinn@example.edu'));
    expect(mail.subject).toMatch(/setup instructions/);
    expect(mail.text).toContain('nora.quinn@example.edu');
    expect(mail.text).toMatch(/\/account\/setup\?token=[\w-]{40,}/);
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    const [request] = await t.db.select().from(accountRequests).where(eq(accountRequests.userId, row.id));
    expect(request.tokenHash).not.toContain(token);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(row.id))));
    expect(audited).toHaveLength(1);
  });

  it('rejects a duplicate user name or e-mail with 409', async () => {
    const name = await as('reg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        ...valid(),
        email: 'other@example.edu',
        username: 'UREG',
      },
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({
      message: 'error.usernameTaken',
      description: 'A user with this user name already exists.',
      fields: { username: 'A user with this user name already exists.' },
    });
    const mail = await as('reg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        ...valid(),
        email: 'uviewer@example.edu',
      },
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json()).toMatchObject({
      message: 'error.emailTaken',
      description: 'A user with this e-mail address already exists.',
      fields: { email: 'A user with this e-mail address already exists.' },
    });
  });

  it('requires role, names and a valid e-mail (422 per field), a role of the institution (404); nothing written', async () => {
    const count = async () => (await t.db.select().from(users)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), groupId: undefined, email: 'a1@example.edu' }, 'groupId'],
      [{ ...valid(), firstName: '  ', email: 'a2@example.edu' }, 'firstName'],
      [{ ...valid(), lastName: undefined, email: 'a3@example.edu' }, 'lastName'],
      [{ ...valid(), email: 'not-an-email' }, 'email'],
      [{ ...valid(), email: '' }, 'email'],
      [{ ...valid(), firstName: '=HYPERLINK("x")', email: 'a4@example.edu' }, 'firstName'],
      [{ ...valid(), username: 'has space', email: 'a5@example.edu' }, 'username'],
    ];
    for (const [body, field] of cases) {
      const res = await as('reg').post(pathOf(usersApi.createPiUser, { id: w.a.id }), body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const foreignRole = await as('reg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        ...valid(),
        email: 'a6@example.edu',
        groupId: w.roles.bInstructor.id,
      },
    });
    expect(foreignRole.statusCode).toBe(404);
    expect(foreignRole.json().message).toBe('error.roleNotFound');
    const internalGroup = await as('reg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        ...valid(),
        email: 'a7@example.edu',
        groupId: await internalGroupRowId(t.db, t.app.config.internalGroupId),
      },
    });
    expect(internalGroup.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it("refuses another institution, users without CAN_CREATE_EDIT_USERS, and roles beyond the caller's own", async () => {
    expect(
      (
        await as('reg').call(usersApi.createPiUser, {
          params: { id: w.b.id },
          body: {
            ...valid(),
            email: 'b1@example.edu',
            groupId: w.roles.bInstructor.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as('viewer').call(usersApi.createPiUser, {
          params: { id: w.a.id },
          body: {
            ...valid(),
            email: 'b2@example.edu',
          },
        })
      ).statusCode,
    ).toBe(403);
    const lim = await as('lim').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        ...valid(),
        email: 'b3@example.edu',
        groupId: w.roles.admin.id,
      },
    });
    expect(lim.statusCode).toBe(403);
    for (const email of ['b1@example.edu', 'b2@example.edu', 'b3@example.edu'])
      expect(await t.db.select().from(users).where(eq(users.email, email)), email).toHaveLength(0);
  });
});

describe('PUT /api/registrarUser/piUser (edit)', () => {
  it('changes name, e-mail and role; returns 200 OK with the success text', async () => {
    const u = w.instructors[5];
    const res = await as('reg').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        userId: u.id,
        firstName: 'Renamed',
        lastName: 'Teacher',
        email: 'renamed.teacher@example.edu',
        groupId: w.roles.ta.id,
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      description: USER_MESSAGES.userEdited,
      user: {
        displayName: 'Renamed Teacher',
        email: 'renamed.teacher@example.edu',
        roles: [{ name: 'Teaching Assistant' }],
        version: 2,
      },
    });
    const after = await stored(u.id);
    expect(after.user).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Teacher',
      email: 'renamed.teacher@example.edu',
      version: 2,
    });
    expect(after.roles).toEqual([w.roles.ta.id]);
    const stale = await as('reg').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        userId: u.id,
        firstName: 'Stale',
        lastName: 'Edit',
        email: 'renamed.teacher@example.edu',
        groupId: w.roles.ta.id,
        version: 1,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(await stored(u.id)).toEqual(after);
  });

  it('rejects a duplicate e-mail (409) and invalid fields (422)', async () => {
    const base = {
      userId: w.instructors[6].id,
      firstName: 'A',
      lastName: 'B',
      groupId: w.roles.instructor.id,
    };
    const before = await stored(base.userId);
    const dup = await as('reg').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        ...base,
        email: 'UVIEWER@example.edu',
      },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await as('reg').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        ...base,
        email: 'nope',
      },
    });
    expect(bad.statusCode).toBe(422);
    const noRole = await as('reg').put(
      usersApi.editPiUser.path,
      { ...base, groupId: undefined, email: 'x@example.edu' },
      { query: { organizationId: String(w.a.id) } },
    );
    expect(noRole.statusCode).toBe(422);
    expect(await stored(base.userId)).toEqual(before);
  });

  it("answers 404 for another institution's user and 403 without the permission", async () => {
    const body = {
      userId: w.bTeacher.id,
      firstName: 'A',
      lastName: 'B',
      email: 'ubteacher@example.edu',
      groupId: w.roles.ta.id,
    };
    const foreignBefore = await stored(w.bTeacher.id);
    const viewerTargetBefore = await stored(w.instructors[7].id);
    expect(
      (await as('reg').call(usersApi.editPiUser, { query: { organizationId: w.a.id }, body })).statusCode,
    ).toBe(404);
    expect(
      (await as('reg').call(usersApi.editPiUser, { query: { organizationId: w.b.id }, body })).statusCode,
    ).toBe(403);
    const viewer = await as('viewer').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        ...body,
        userId: w.instructors[7].id,
        email: 'uteacher7@example.edu',
      },
    });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe('error.accessDenied');
    expect(await stored(w.bTeacher.id)).toEqual(foreignBefore);
    expect(await stored(w.instructors[7].id)).toEqual(viewerTargetBefore);
  });

  it('only super admins give flags or edit flag holders; refusals are audited', async () => {
    const target = w.instructors[7];
    const body = {
      userId: target.id,
      firstName: 'F',
      lastName: 'G',
      email: 'uteacher7@example.edu',
      groupId: w.roles.instructor.id,
    };
    const flag = await as('reg').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        ...body,
        superAdmin: true,
      },
    });
    expect(flag.statusCode).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0].superAdmin).toBe(false);
    expect((await deniedAudits(t.db, 'user.update')).length).toBeGreaterThan(0);
    const boss = await as('boss').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        ...body,
        nasupport: true,
      },
    });
    expect(boss.statusCode).toBe(200);
    expect(boss.json().user.flagged).toBe(true);
    const regEdit = await as('reg').call(usersApi.editPiUser, { query: { organizationId: w.a.id }, body });
    expect(regEdit.statusCode).toBe(403);
    expect(regEdit.json()).toMatchObject({
      message: 'error.cannotEditUser',
      description: "Sorry, you do not have permission to edit the user's information",
    });
  });
});
