import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterInternalUsers,
  INTERNAL_USER_CSV_HEADER,
  INTERNAL_USER_MESSAGES,
  internalUsersApi,
} from '../../../shared/contract/internal-users';
import type { RouteBody, RouteQuery } from '../../../shared/contract/route';
import { rolesApi } from '../../../shared/contract/roles';
import { usersApi } from '../../../shared/contract/users';
import { groupMembers, groups, users } from '../../db/schema';
import { addToInternalGroup, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, deniedAudits, type Persona } from '../../test/users-world';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;
/** The users world's personas of this file (`i` + name). */
const as = (who: Persona) => t.as(who === 'regB' ? 'iregb' : `i${who}`);
let internalId: number;

beforeAll(async () => {
  // the world's accounts are @example.edu: here that is the provider's domain (provider-accounts.test.ts tests the rule)
  t = await createTestApp({ env: { INTERNAL_EMAIL_DOMAINS: 'example.edu' } });
  w = await createUsersWorld(t.db, 'i');
  const [g] = await t.db.select().from(groups).where(eq(groups.externalId, t.app.config.internalGroupId));
  internalId = g.id;
  for (const name of ['ann', 'bob', 'cy']) {
    const u = await createUser(t.db, `int${name}`);
    await addToInternalGroup(t.db, t.app.config.internalGroupId, u.id);
  }
  // a hostile user name stored directly: the CSV must neutralise it
  const [evil] = await t.db
    .insert(users)
    .values({
      username: '=HYPERLINK("http://x")',
      email: '+evil@example.edu',
      firstName: '@Eve',
      lastName: '-Evil',
    })
    .returning();
  await addToInternalGroup(t.db, t.app.config.internalGroupId, evil.id);
});
afterAll(() => t.close());

/** User ids of the internal group's members, from the database. */
const internalMembers = async () =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, internalId)))
    .map((m) => m.userId)
    .sort((a, b) => a - b);

describe('GET /api/groupAuth/userGroupDetails', () => {
  it('lists the internal users with their fixed rights; super admins may edit', async () => {
    const res = await as('boss').call(internalUsersApi.list, {
      query: { groupId: t.app.config.internalGroupId },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      groupId: internalId,
      externalId: t.app.config.internalGroupId,
      canEdit: true,
    });
    expect(body.users).toHaveLength(4);
    const ann = body.users.find((u: { userName: string }) => u.userName === 'intann');
    expect(ann).toMatchObject({
      memberName: 'intann Tester',
      email: 'intann@example.edu',
      memberType: 'identity_id',
    });
    expect(ann.permissions).toMatchObject({ accessAllInstitutions: true, copyCoursesInCourseTab: false });
  });

  it('associate super admins view without editing; others are refused', async () => {
    const res = await as('assoc').call(internalUsersApi.list);
    expect(res.statusCode).toBe(200);
    expect(res.json().canEdit).toBe(false);
    for (const who of ['reg', 'support', 'regB'] as const) {
      expect((await as(who).call(internalUsersApi.list)).statusCode).toBe(403);
    }
  });

  it('accepts the numeric id of the internal group and refuses any other group', async () => {
    expect(
      (await as('boss').call(internalUsersApi.list, { query: { groupId: String(internalId) } })).statusCode,
    ).toBe(200);
    expect(
      (await as('boss').call(internalUsersApi.list, { query: { groupId: String(w.roles.admin.id) } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('boss').call(internalUsersApi.list, { query: { groupId: 'ead-internal-prod' } })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/registrarUser/getUser/:username (e-mail lookup)', () => {
  it('returns the e-mail of a user name, case-insensitively', async () => {
    const res = await as('boss').call(usersApi.getUser, { params: { username: 'IREG' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'ireg',
      email: 'ireg@example.edu',
      piId: String(w.u.reg.id),
    });
  });

  it('answers an unknown user name with 404 "Invalid Username"; non-super admins are refused', async () => {
    const res = await as('boss').call(usersApi.getUser, { params: { username: 'nobody-here' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'error.invalidUsername',
      description: INTERNAL_USER_MESSAGES.invalidUsername,
    });
    expect((await as('assoc').call(usersApi.getUser, { params: { username: 'ireg' } })).statusCode).toBe(403);
    expect((await as('reg').call(usersApi.getUser, { params: { username: 'ireg' } })).statusCode).toBe(403);
  });
});

describe('create and remove internal users (groupAuth/groupMember on the internal group)', () => {
  it('a super admin creates an internal user; a second time is 409', async () => {
    const body = {
      groupId: internalId,
      memberType: 'identity_id' as const,
      memberIds: [String(w.u.viewer.id)],
    };
    const res = await as('boss').call(rolesApi.addMembers, { body });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe(INTERNAL_USER_MESSAGES.created);
    const list = (await as('boss').call(internalUsersApi.list)).json().users;
    expect(list.map((u: { userName: string }) => u.userName)).toContain('iviewer');
    const again = await as('boss').call(rolesApi.addMembers, { body });
    expect(again.statusCode).toBe(409);
  });

  it('associate super admins, nasupport and registrars cannot create; refusals are audited', async () => {
    const body = { groupId: internalId, memberIds: [w.u.lim.id] };
    expect((await as('assoc').call(rolesApi.addMembers, { body })).statusCode).toBe(403);
    expect((await as('support').call(rolesApi.addMembers, { body })).statusCode).toBe(403);
    expect((await as('reg').call(rolesApi.addMembers, { body })).statusCode).toBe(403);
    const rows = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, w.u.lim.id));
    expect(rows.map((r) => r.groupId)).not.toContain(internalId);
    expect((await deniedAudits(t.db, 'internalUser.add')).length).toBeGreaterThan(0);
    expect((await deniedAudits(t.db, 'POST /api/groupAuth/groupMember')).length).toBeGreaterThan(0);
  });

  it('refuses an unknown user (404)', async () => {
    const before = await internalMembers();
    const res = await as('boss').call(rolesApi.addMembers, {
      body: { groupId: internalId, memberIds: [999_999] },
    });
    expect(res.statusCode).toBe(404);
    expect(await internalMembers()).toEqual(before);
  });

  it('answers bad input with 422 and adds or removes nobody', async () => {
    const before = await internalMembers();
    const lim = String(w.u.lim.id);
    const bodies = [
      {},
      { groupId: internalId },
      { groupId: internalId, memberIds: [] },
      { groupId: internalId, memberIds: ['abc'] },
      { groupId: internalId, memberIds: [-1] },
      { groupId: internalId, memberIds: [lim], memberType: 'email' },
      { groupId: 'internal', memberIds: [lim] },
      { memberIds: [lim] },
      { groupId: internalId, memberIds: Array.from({ length: 1001 }, () => lim) },
    ];
    for (const body of bodies) {
      const res = await as('boss').call(rolesApi.addMembers, {
        body: body as RouteBody<typeof rolesApi.addMembers>,
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const annId = before[0];
    for (const query of [
      { groupId: internalId, memberType: 'identity_id' },
      { groupId: internalId, memberId: 'abc' },
      { groupId: internalId, memberId: annId, memberType: 'email' },
      { memberId: annId },
    ]) {
      const res = await as('boss').call(rolesApi.removeMember, {
        query: query as RouteQuery<typeof rolesApi.removeMember>,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
    }
    expect(await internalMembers()).toEqual(before);
  });

  it('a super admin removes the internal user role; associates cannot; a second removal is 404', async () => {
    const u = await createUser(t.db, 'intgone');
    await addToInternalGroup(t.db, t.app.config.internalGroupId, u.id);
    const remove = { query: { groupId: internalId, memberType: 'identity_id' as const, memberId: u.id } };
    expect((await as('assoc').call(rolesApi.removeMember, remove)).statusCode).toBe(403);
    expect(await internalMembers()).toContain(u.id);
    const others = (await internalMembers()).filter((id) => id !== u.id);
    const res = await as('boss').call(rolesApi.removeMember, remove);
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe(INTERNAL_USER_MESSAGES.removed);
    // Only that user left the group; the account itself remains.
    expect(await internalMembers()).toEqual(others);
    expect(await t.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(1);
    expect((await as('boss').call(rolesApi.removeMember, remove)).statusCode).toBe(404);
  });
});

describe('GET /api/groupAuth/userGroupDetails/export (InternalUserList.csv)', () => {
  it('downloads the CSV with the spec columns, no-store, and neutralised formula cells', async () => {
    const res = await as('assoc').call(internalUsersApi.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="InternalUserList.csv"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(INTERNAL_USER_CSV_HEADER.join(','));
    expect(lines[0]).not.toContain('{hash}');
    expect(lines[0]).toContain('Inclusive Access Tab');
    const ann = lines.find((l) => l.includes('intann'))!;
    expect(ann.split(',').slice(1)).toEqual([
      'intann',
      'intann@example.edu',
      'true',
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    const evil = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(evil).toContain("'+evil@example.edu");
  });

  it('is refused to registrars', async () => {
    expect((await as('reg').call(internalUsersApi.export)).statusCode).toBe(403);
  });
});

describe('filterInternalUsers (spec §4 search)', () => {
  const list = [
    { piId: '101', memberName: 'Ann Lee', email: 'ann@corp.example', userName: 'alee' },
    { piId: '202', memberName: 'Bob Stone', email: 'bob@corp.example', userName: 'bstone' },
  ];
  it('is a case-insensitive contains on email, piId, memberName and userName; empty returns all', () => {
    expect(filterInternalUsers(list, 'ANN@')).toEqual([list[0]]);
    expect(filterInternalUsers(list, '20')).toEqual([list[1]]);
    expect(filterInternalUsers(list, 'bob st')).toEqual([list[1]]);
    expect(filterInternalUsers(list, 'LEE')).toEqual([list[0]]);
    expect(filterInternalUsers(list, '  ')).toEqual(list);
    expect(filterInternalUsers(list, 'zzz')).toEqual([]);
  });
});
