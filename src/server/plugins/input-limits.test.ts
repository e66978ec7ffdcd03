import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT_MAX, NUL_MESSAGE } from '../../shared/contract/common';
import { bearer, createInstitution, createRole, createUser, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

// A NUL character or an id past the 32-bit columns is refused by the
// contract with 422 and never reaches PostgreSQL (which answered 500 before).

let t: TestApp;
let token: string;
let orgId: number;
let groupId: number;
let userId: number;

const TABLES = [
  'audit_log',
  'group_members',
  'section_instructors',
  'memberships',
  'alert_acknowledgements',
  'groups',
  'login_attempts',
];

/** Row counts and the roles' versions: what a refused request must leave unchanged. */
async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await t.database.sql.executeSql(`select count(*)::int as n from ${table}`);
    out[table] = rows[0].n;
  }
  out.versions = (await t.database.sql.executeSql('select id, version from groups order by id')).rows;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const inst = await createInstitution(t.db, 'Limits College');
  orgId = inst.id;
  const boss = await createUser(t.db, 'limits-boss', { superAdmin: true });
  const member = await createUser(t.db, 'limits-member');
  userId = member.id;
  groupId = (await createRole(t.db, orgId, 'Limits Role', ['CAN_ACCESS_ADMIN_DASHBOARD'], [boss.id])).id;
  token = await login(t.app, boss.username);
});
afterAll(() => t?.close());

describe('NUL characters answer 422 with a message', () => {
  it('login (anonymous)', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'error.nulCharacter',
      description: `username: ${NUL_MESSAGE}`,
      fields: { username: NUL_MESSAGE },
      params: { field: 'username' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['institutionListFilterByName', '/api/institution/institutionListFilterByName?name=%00'],
    ['institution search', '/api/institution/search?name=%00'],
    ['userGroupDetails', '/api/groupAuth/userGroupDetails?groupId=a%00b'],
    ['getUser', '/api/registrarUser/getUser/a%00b'],
  ])('%s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.nulCharacter');
    expect(res.json().description).toContain(NUL_MESSAGE);
  });

  it('a NUL in a JSON key is refused by the guard behind the contract', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ab', password: 'x', 'note\u0000': 'y' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'error.nulCharacter',
      fields: { 'note\u0000': NUL_MESSAGE },
    });
  });

  it('an anonymous caller is told to sign in before the NUL is looked at', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/registrarUser/getUser/a%00b' });
    expect(res.statusCode).toBe(401);
  });
});

describe('ids, versions and pages past 2,147,483,647 answer 422 and write nothing', () => {
  const HUGE = [2 ** 31, Number.MAX_SAFE_INTEGER];
  const cases = (big: number) => [
    {
      name: 'PUT courses/instructor sectionId',
      method: 'PUT' as const,
      url: '/api/courses/instructor',
      payload: { sectionId: big, instructors: [{ userId, role: 'instructor' }] },
      field: 'sectionId',
    },
    {
      name: 'alerts/acknowledge ids',
      method: 'POST' as const,
      url: `/api/alert/alerts/acknowledge?organizationId=${orgId}`,
      payload: { ids: [big], sectionIds: [] },
      field: 'ids.0',
    },
    {
      name: 'groupMember memberIds',
      method: 'POST' as const,
      url: '/api/groupAuth/groupMember',
      payload: { groupId, memberType: 'identity_id', memberIds: [big] },
      field: 'memberIds.0',
    },
    {
      name: 'addUser2Institution groupId',
      method: 'POST' as const,
      url: '/api/registrarUser/addUser2Institution',
      payload: { userId, organizationId: orgId, groupId: big },
      field: 'groupId',
    },
    {
      name: 'PUT groupAuth/group version',
      method: 'PUT' as const,
      url: `/api/groupAuth/group?groupId=${groupId}`,
      payload: { name: 'Renamed', version: big },
      field: 'version',
    },
  ];
  for (const big of HUGE) {
    it.each(cases(big))(`$name = ${big}`, async ({ method, url, payload, field }) => {
      const before = await snapshot();
      const res = await t.app.inject({ method, url, payload, headers: bearer(token) });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('error.validation');
      expect(Object.keys(res.json().fields)).toContain(field);
      expect(await snapshot()).toEqual(before);
    });
  }

  it.each([
    `/api/registrarUser/getPiUser/${INT_MAX + 1}`,
    `/api/groupAuth/groupMember?groupId=${INT_MAX + 1}`,
    `/api/institution/organizationUserSearch?organizationId=${orgId}&page=${INT_MAX + 1}`,
    `/api/courses/courseSearch?organizationId=${orgId}&pageSize=${Number.MAX_SAFE_INTEGER}`,
  ])('GET %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBeLessThan(500);
    expect([404, 422]).toContain(res.statusCode);
  });

  it('the largest id is accepted by the contract (404 for a missing row, not 422)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/instructor',
      payload: { sectionId: INT_MAX, instructors: [{ userId, role: 'instructor' }] },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
  });
});
