import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessExplainApi } from '../../../shared/contract/access-explain';
import type { RouteQuery } from '../../../shared/contract/route';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groupMembers, groups, memberships } from '../../db/schema';
import { addToInternalGroup, createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const id: Record<string, number> = {};
let a: number;
let b: number;
const groupId: Record<string, number> = {};

type ExplainRoute = (typeof accessExplainApi)[keyof typeof accessExplainApi];
/** `who` null: without a session. Some tests send malformed questions on purpose. */
const ask = (
  who: string | null,
  qs: Record<string, string | number>,
  route: ExplainRoute = accessExplainApi.explain,
) => {
  const query = Object.fromEntries(Object.entries(qs).map(([k, v]) => [k, String(v)]));
  return who
    ? t.as(who).call(route, { query: query as RouteQuery<ExplainRoute> })
    : t.app.inject({ method: route.method, url: route.path, query });
};
/** Row counts of every table a refused or answered question could touch. */
const rowCounts = async () => ({
  audit: (await t.db.select({ n: count() }).from(auditLog))[0].n,
  groups: (await t.db.select({ n: count() }).from(groups))[0].n,
  members: (await t.db.select({ n: count() }).from(groupMembers))[0].n,
  memberships: (await t.db.select({ n: count() }).from(memberships))[0].n,
});

beforeAll(async () => {
  t = await createTestApp();
  a = (await createInstitution(t.db, 'Explain Alder')).id;
  b = (await createInstitution(t.db, 'Explain Birch')).id;
  const home = (await createInstitution(t.db, 'Explain Staff Home')).id;
  const mk = async (name: string, opts = {}) => {
    const u = await createUser(t.db, name, opts);
    id[name] = u.id;
    return u.id;
  };
  const sup = await mk('xsuper', { superAdmin: true });
  const assoc = await mk('xassoc', { associateSuperAdmin: true });
  const support = await mk('xsupport', { nasupport: true });
  groupId.home = (await createRole(t.db, home, 'Administrator', ADMIN_PERMISSIONS, [sup, assoc, support])).id;
  groupId.admA = (await createRole(t.db, a, 'Administrator', ADMIN_PERMISSIONS, [await mk('xrega')])).id;
  groupId.teach = (
    await createRole(
      t.db,
      a,
      'Teacher',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_COPY_EDIT_COURSES'],
      [await mk('xteacher')],
    )
  ).id;
  groupId.clerk = (
    await createRole(t.db, a, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [await mk('xclerk')])
  ).id;
  groupId.admB = (await createRole(t.db, b, 'Administrator', ADMIN_PERMISSIONS, [await mk('xregb')])).id;
  await addToInternalGroup(t.db, t.app.config.internalGroupId, await mk('xinternal'));
  await t.db.insert(memberships).values({ userId: id.xinternal, institutionId: a, courseRole: 'admin' });
  for (const who of ['xsuper', 'xassoc', 'xsupport', 'xrega', 'xregb', 'xclerk', 'xteacher'])
    await t.as(who).token();
});
afterAll(() => t.close());

describe('GET /api/access/explain', () => {
  it('allows with the group and membership that decide it', async () => {
    const res = await ask('xrega', { organizationId: a, userId: id.xteacher, rule: 'copyCourses' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { id: id.xteacher, username: 'xteacher', displayName: 'xteacher Tester' },
      institution: { id: a, name: 'Explain Alder' },
      rule: 'copyCourses',
      allowed: true,
      gated: true,
      dashboardAccess: true,
      ownRule: true,
      decisiveSources: ['member'],
      blockingFlags: [],
      missingPermissions: [],
      notMember: false,
      tabs: [],
    });
    expect(body.groups).toEqual([
      {
        groupId: groupId.teach,
        name: 'Teacher',
        institutionId: a,
        institutionName: 'Explain Alder',
        permissions: ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_COPY_EDIT_COURSES'],
        counts: true,
        internal: false,
        decisive: true,
      },
    ]);
  });

  it('names the one missing permission of a denial', async () => {
    const body = (
      await ask('xrega', { organizationId: a, userId: id.xteacher, rule: 'deleteCourses' })
    ).json();
    expect(body).toMatchObject({
      allowed: false,
      dashboardAccess: true,
      ownRule: false,
      missingPermissions: ['CAN_DELETE_COURSES'],
      blockingFlags: [],
      notMember: false,
    });
  });

  it('names the spec §6 exceptions: associate super admin, nasupport, internal user', async () => {
    const assoc = (await ask('xsuper', { organizationId: a, userId: id.xassoc, rule: 'viewUsers' })).json();
    expect(assoc).toMatchObject({
      allowed: false,
      dashboardAccess: true,
      ownRule: false,
      blockingFlags: ['associateSuperAdmin'],
      tabs: ['users'],
    });
    // the associate's Administrator role of another institution counts (flag holders' groups are not filtered)
    expect(assoc.groups[0]).toMatchObject({ groupId: groupId.home, counts: true, decisive: false });
    const support = (
      await ask('xsuper', { organizationId: a, userId: id.xsupport, rule: 'editUsers' })
    ).json();
    expect(support).toMatchObject({ allowed: false, blockingFlags: ['nasupport'] });
    const internal = (
      await ask('xsuper', { organizationId: a, userId: id.xinternal, rule: 'copyCourses' })
    ).json();
    expect(internal).toMatchObject({ allowed: false, dashboardAccess: true, missingPermissions: [] });
    expect(internal.groups[0]).toMatchObject({ internal: true, counts: false });
    const internalView = (
      await ask('xsuper', { organizationId: a, userId: id.xinternal, rule: 'viewProducts' })
    ).json();
    expect(internalView).toMatchObject({ allowed: true, decisiveSources: ['internalUser'] });
    expect(internalView.groups[0]).toMatchObject({ internal: true, decisive: true });
  });

  it('shows the flag and the group of another institution that decide for a super admin', async () => {
    const body = (await ask('xsupport', { organizationId: b, userId: id.xsuper, rule: 'viewUsers' })).json();
    expect(body).toMatchObject({ allowed: true, decisiveSources: ['superAdmin'], tabs: ['users'] });
    expect(body.groups).toMatchObject([{ groupId: groupId.home, counts: true, decisive: true }]);
  });

  it('explains a foreign institution: not a member, dashboard gate fails', async () => {
    const body = (
      await ask('xsuper', { organizationId: b, userId: id.xrega, rule: 'viewInstitution' })
    ).json();
    expect(body).toMatchObject({
      allowed: false,
      dashboardAccess: false,
      capabilities: { member: false, permissions: [] },
      missingPermissions: [],
      notMember: false,
    });
    expect(body.groups).toMatchObject([{ groupId: groupId.admA, counts: false }]);
  });

  it('refuses without a leak, writing no rows', async () => {
    const before = await rowCounts();
    // a user of another institution and an unknown id answer the same 404
    const foreign = await ask('xrega', { organizationId: a, userId: id.xregb, rule: 'viewUsers' });
    const unknown = await ask('xrega', { organizationId: a, userId: 2_000_000_000, rule: 'viewUsers' });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect(foreign.json().message).toBe('error.userNotFound');
    // another institution, or no CAN_CREATE_EDIT_ROLES there: 403 whoever is asked about
    for (const [who, org, user] of [
      ['xrega', b, id.xregb],
      ['xrega', b, 2_000_000_000],
      ['xclerk', a, id.xteacher],
      ['xteacher', a, id.xteacher],
    ] as const) {
      const res = await ask(who, { organizationId: org, userId: user, rule: 'viewUsers' });
      expect(res.statusCode, `${who} ${org}`).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
    }
    expect((await ask(null, { organizationId: a, userId: id.xteacher, rule: 'viewUsers' })).statusCode).toBe(
      401,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 422 for bad input and 404 for an unknown institution', async () => {
    for (const qs of [
      { organizationId: a, userId: id.xteacher, rule: 'flyToTheMoon' },
      { organizationId: a, rule: 'viewUsers' },
      { organizationId: a, userId: 'x', rule: 'viewUsers' },
      { organizationId: a, userId: 0, rule: 'viewUsers' },
    ] as Record<string, string | number>[]) {
      const res = await ask('xsuper', qs);
      expect(res.statusCode, JSON.stringify(qs)).toBe(422);
    }
    const res = await ask('xsuper', {
      organizationId: 2_000_000_000,
      userId: id.xteacher,
      rule: 'viewUsers',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('error.institutionNotFound');
  });
});

describe('GET /api/access/explain/users', () => {
  const names = async (who: string, org: number, q: string) => {
    const res = await ask(who, { organizationId: org, q }, accessExplainApi.users);
    expect(res.statusCode).toBe(200);
    return res.json().users.map((u: { username: string }) => u.username);
  };
  it("lists the institution's members to its administrator, anyone to staff", async () => {
    expect(await names('xrega', a, 'x')).toEqual(['xclerk', 'xinternal', 'xrega', 'xteacher'].sort());
    expect(await names('xrega', a, 'xregb')).toEqual([]);
    expect(await names('xsuper', a, 'xregb')).toEqual(['xregb']);
    const res = await ask('xsuper', { organizationId: a, q: 'xsupport' }, accessExplainApi.users);
    expect(res.json().users[0]).toMatchObject({ username: 'xsupport', flags: ['nasupport'] });
  });
  it('refuses another institution and matches % literally', async () => {
    const res = await ask('xrega', { organizationId: b, q: 'x' }, accessExplainApi.users);
    expect(res.statusCode).toBe(403);
    expect(await names('xsuper', a, '%')).toEqual([]);
  });
});
