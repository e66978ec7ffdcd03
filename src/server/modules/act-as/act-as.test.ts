import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAsApi } from '../../../shared/contract/act-as';
import { authApi } from '../../../shared/contract/auth';
import { rolesApi } from '../../../shared/contract/roles';
import type { RouteBody } from '../../../shared/contract/route';
import { usersApi } from '../../../shared/contract/users';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groups, memberships, sessions } from '../../db/schema';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type PersonaClient, type TestApp } from '../../test/harness';

let t: TestApp;
const ids: Record<string, number> = {};
let instA = 0;
let instB = 0;

// Bodies the contract refuses are sent too, hence the cast.
const start = (c: PersonaClient, body: object) =>
  c.call(actAsApi.start, { body: body as RouteBody<typeof actAsApi.start> });
const stop = (c: PersonaClient) => c.call(actAsApi.stop);
const groupCount = async () => (await t.db.select({ n: count() }).from(groups))[0].n;
const actingOf = async (c: PersonaClient) => {
  const res = await c.call(authApi.session);
  return res.json().actAs as { userId: number } | null;
};
const sessionRows = async (userId: number) =>
  t.db.select({ acting: sessions.actingUserId }).from(sessions).where(eq(sessions.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  const a = await createInstitution(t.db, 'ActAs Alder College');
  const b = await createInstitution(t.db, 'ActAs Birch University');
  instA = a.id;
  instB = b.id;
  for (const [name, opts] of [
    ['asuper', { superAdmin: true }],
    ['asuper2', { superAdmin: true }],
    ['aassoc', { associateSuperAdmin: true }],
    ['asupport', { nasupport: true }],
    ['asupport2', { nasupport: true }],
    ['areg', {}],
    ['bclerk', {}],
  ] as const) {
    ids[name] = (await createUser(t.db, name, opts)).id;
  }
  await createRole(t.db, a.id, 'Administrator', ADMIN_PERMISSIONS, [
    ids.areg,
    ids.asuper2,
    ids.aassoc,
    ids.asupport2,
  ]);
  await createRole(t.db, b.id, 'Administrator', ADMIN_PERMISSIONS, [ids.bclerk]);
});
afterAll(() => t.close());

describe('act-as', () => {
  it('support acts read-only as a member of an institution, audited with both identities, then stops', async () => {
    const tok = await t.signIn('asupport');
    const res = await start(tok, {
      organizationId: instA,
      userId: ids.areg,
      reason: 'Ticket 4711',
      minutes: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      userId: ids.areg,
      username: 'areg',
      organizationId: instA,
      institutionName: 'ActAs Alder College',
      realUserId: ids.asupport,
      realDisplayName: 'asupport Tester',
      reason: 'Ticket 4711',
      allowWrites: false,
    });
    const minutes = (Date.parse(res.json().expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // the session is now the registrar's, in institution A only
    const session = (await tok.call(authApi.session)).json();
    expect(session.userId).toBe(ids.areg);
    expect(session.nasupport).toBe(false);
    expect(session.institutions.map((i: { orgId: number }) => i.orgId)).toEqual([instA]);
    expect(session.actAs).toMatchObject({ userId: ids.areg, realUserId: ids.asupport });

    // a read answers with the registrar's rights, and leaves one audit row naming both
    const read = await tok.call(rolesApi.list, { query: { contextId: instA } });
    expect(read.statusCode, read.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, read.headers['x-request-id'] as string));
    expect(row).toMatchObject({
      actorUserId: ids.asupport,
      actingAsUserId: ids.areg,
      entityType: 'actAs.request',
      action: `GET ${rolesApi.list.path}`,
      institutionId: instA,
      outcome: 'ok',
    });

    // a write is refused with its own message, and changes nothing
    const before = await groupCount();
    const write = await tok.call(rolesApi.create, { body: { contextId: instA, name: 'By support' } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      message: 'error.actAsReadOnly',
      description: 'You are acting as another user in read-only mode: changes are not allowed.',
    });
    expect(await groupCount()).toBe(before);
    const [refused] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, write.headers['x-request-id'] as string));
    expect(refused).toMatchObject({ actorUserId: ids.asupport, actingAsUserId: ids.areg, outcome: 'denied' });

    // another institution is out of reach
    const other = await tok.call(authApi.capabilities, { query: { organizationId: instB } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('error.actAsOtherInstitution');

    // no nesting
    const nested = await start(tok, { organizationId: instA, userId: ids.asuper2, reason: 'again' });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().message).toBe('error.actAsNested');
    expect(await actingOf(tok)).toMatchObject({ userId: ids.areg });

    // stop: the session is the support user's again
    const stopped = await stop(tok);
    expect(stopped.statusCode).toBe(200);
    const after = (await tok.call(authApi.session)).json();
    expect(after.userId).toBe(ids.asupport);
    expect(after.actAs).toBeNull();
    const [stopRow] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'actAs.stop'), eq(auditLog.actorUserId, ids.asupport)));
    expect(stopRow).toMatchObject({ actingAsUserId: ids.areg, institutionId: instA });
    // stopping again does nothing
    expect((await stop(tok)).statusCode).toBe(200);
  });

  it('a super admin may allow writes; the change is audited with both identities', async () => {
    const tok = await t.signIn('asuper');
    const res = await start(tok, {
      organizationId: instA,
      userId: ids.areg,
      reason: 'Fix a role',
      allowWrites: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const write = await tok.call(rolesApi.create, {
      body: {
        contextId: instA,
        name: 'By super as areg',
      },
    });
    expect(write.statusCode, write.body).toBeLessThan(300);
    const [created] = await t.db.select().from(groups).where(eq(groups.name, 'By super as areg'));
    expect(created.contextId).toBe(instA);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, write.headers['x-request-id'] as string))
      .orderBy(desc(auditLog.id));
    expect(rows.length).toBeGreaterThanOrEqual(2); // the change's row and the request's row
    for (const r of rows) expect(r).toMatchObject({ actorUserId: ids.asuper, actingAsUserId: ids.areg });
    await stop(tok);
  });

  it('refuses whom nobody may act as, bad input and the wrong institution, changing nothing', async () => {
    const sup = await t.signIn('asupport');
    const sa = await t.signIn('asuper');
    const reg = await t.signIn('areg');
    const assoc = await t.signIn('aassoc');
    const cases: [string, PersonaClient, object, number, string][] = [
      ['super admin target', sa, { userId: ids.asuper2 }, 403, 'error.actAsTargetRefused'],
      ['super admin target (support)', sup, { userId: ids.asuper2 }, 403, 'error.actAsTargetRefused'],
      ['flag the caller lacks', sup, { userId: ids.aassoc }, 403, 'error.actAsTargetRefused'],
      ['oneself', sup, { userId: ids.asupport }, 403, 'error.actAsTargetRefused'],
      ['writes by support', sup, { userId: ids.areg, allowWrites: true }, 403, 'error.actAsWritesSuperOnly'],
      ['member of another institution', sup, { userId: ids.bclerk }, 422, 'error.actAsNotMember'],
      ['blank reason', sup, { userId: ids.areg, reason: '   ' }, 422, 'error.validation'],
      ['61 minutes', sup, { userId: ids.areg, minutes: 61 }, 422, 'error.validation'],
      ['unknown user', sup, { userId: 999_999 }, 404, 'error.userNotFound'],
      [
        'unknown institution',
        sup,
        { userId: ids.areg, organizationId: 999_999 },
        404,
        'error.institutionNotFound',
      ],
      ['no flag', reg, { userId: ids.asupport2 }, 403, 'error.accessDenied'],
      ['associate super admin', assoc, { userId: ids.areg }, 403, 'error.accessDenied'],
    ];
    for (const [label, tok, body, status, code] of cases) {
      const res = await start(tok, { organizationId: instA, reason: 'Ticket', ...body });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().message, label).toBe(code);
      expect(await actingOf(tok), label).toBeNull();
    }
    for (const name of ['asupport', 'asuper', 'areg', 'aassoc']) {
      for (const s of await sessionRows(ids[name])) expect(s.acting, name).toBeNull();
    }
    // a refused start is audited as refused
    const [denied] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'actAs.start'),
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.entityId, String(ids.aassoc)),
        ),
      );
    expect(denied.actorUserId).toBe(ids.asupport);
  });

  it('support may act as another support holder; a super admin as an associate super admin', async () => {
    const sup = await t.signIn('asupport');
    expect((await start(sup, { organizationId: instA, userId: ids.asupport2, reason: 'x' })).statusCode).toBe(
      200,
    );
    // the acted-as support holder passes the actAs rule, but nesting is still refused
    const nested = await start(sup, { organizationId: instA, userId: ids.areg, reason: 'x' });
    expect(nested.json().message).toBe('error.actAsNested');
    await stop(sup);
    const sa = await t.signIn('asuper');
    expect((await start(sa, { organizationId: instA, userId: ids.aassoc, reason: 'x' })).statusCode).toBe(
      200,
    );
    await stop(sa);
  });

  it('ends by itself at expiry, and with logout', async () => {
    const tok = await t.signIn('asupport');
    expect((await start(tok, { organizationId: instA, userId: ids.areg, reason: 'expiry' })).statusCode).toBe(
      200,
    );
    const [s] = await t.db
      .update(sessions)
      .set({ actingExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, ids.asupport), eq(sessions.actingReason, 'expiry')))
      .returning();
    const session = (await tok.call(authApi.session)).json();
    expect(session.userId).toBe(ids.asupport);
    expect(session.actAs).toBeNull();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.id));
    expect(row.actingUserId).toBeNull();
    const [ended] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'actAs.end'), eq(auditLog.entityId, s.id)));
    expect(ended.after).toEqual({ ended: 'expired' });

    expect((await start(tok, { organizationId: instA, userId: ids.areg, reason: 'logout' })).statusCode).toBe(
      200,
    );
    expect((await tok.call(authApi.logout)).statusCode).toBe(200);
    expect((await tok.call(authApi.session)).statusCode).toBe(401);
  });

  it('lists the members one may act as', async () => {
    const sup = await t.signIn('asupport');
    const res = await sup.call(actAsApi.candidates, { query: { organizationId: instA } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .users.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['areg', 'asupport2']);
    const sa = await t.signIn('asuper');
    const all = await sa.call(actAsApi.candidates, { query: { organizationId: instA, q: 'a' } });
    expect(
      all
        .json()
        .users.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['aassoc', 'areg', 'asupport2']);
    // staff only, with their roles: a student of the institution is never offered
    const student = await createUser(t.db, 'astudent');
    await t.db
      .insert(memberships)
      .values({ userId: student.id, institutionId: instA, courseRole: 'student' });
    const found = (await sa.call(actAsApi.candidates, { query: { organizationId: instA, q: 'a' } })).json()
      .users;
    expect(found.map((u: { username: string }) => u.username)).not.toContain('astudent');
    expect(found.find((u: { username: string }) => u.username === 'areg').role).toBe('Administrator');
    const reg = await t.signIn('areg');
    expect((await reg.call(actAsApi.candidates, { query: { organizationId: instA } })).statusCode).toBe(403);
  });

  it('read-only act-as allows the POSTs declared as reads (the Users search), and no other POST', async () => {
    const tok = await t.signIn('asupport2');
    const res = await start(tok, { organizationId: instA, userId: ids.areg, reason: 'Ticket 5150' });
    expect(res.statusCode, res.body).toBe(200);
    const search = await tok.call(usersApi.search, {
      body: {
        organizationId: instA,
        searchText: 'areg',
      },
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().users.map((u: { username: string }) => u.username)).toEqual(['areg']);
    const before = await groupCount();
    const write = await tok.call(usersApi.addUser, {
      body: {
        userId: ids.bclerk,
        organizationId: instA,
        groupId: (await t.db.select().from(groups).where(eq(groups.contextId, instA)))[0].id,
      },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('error.actAsReadOnly');
    expect(await groupCount()).toBe(before);
    expect((await stop(tok)).statusCode).toBe(200);
  });
});
