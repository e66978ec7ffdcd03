import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groupMembers, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { authApi } from '../../../shared/contract/auth';
import { institutionsApi } from '../../../shared/contract/institutions';
import { rolesApi } from '../../../shared/contract/roles';
import { bearer, createInstitution, createRole, createUser, PASSWORD } from '../../test/fixtures';

let t: TestApp;
let instA: number;
let instB: number;

beforeAll(async () => {
  t = await createTestApp();
  instA = (await createInstitution(t.db, 'Alder College')).id;
  instB = (await createInstitution(t.db, 'Birch University')).id;
  const reg = await createUser(t.db, 'reg');
  await createRole(t.db, instA, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  await createUser(t.db, 'boss', { superAdmin: true });
  await createUser(t.db, 'locked');
  await createUser(t.db, 'pending', { status: 'pending' });
});
afterAll(() => t.close());

describe('login', () => {
  it('returns an opaque token and stores only its hash', async () => {
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'reg', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.userId).toBeGreaterThan(0);
    const rows = await t.db.select().from(sessions).where(eq(sessions.id, body.sessionId));
    expect(rows[0].tokenHash).not.toContain(body.token);
    expect(rows[0].tokenHash).toHaveLength(64);
  });

  it('answers a wrong password with 401 and a clear message', async () => {
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'reg', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      message: 'error.invalidCredentials',
      description: 'The username or password is incorrect.',
    });
  });

  it('refuses an account whose password is not set yet', async () => {
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'pending', password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a malformed body with 422 and per-field messages', async () => {
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'reg' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.validation');
    expect(Object.keys(res.json().fields)).toContain('password');
  });

  it('answers broken JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.badRequest');
  });

  it('limits failures per account: the 11th attempt within 15 minutes gets 429, even with the right password', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: authApi.login.method,
        url: authApi.login.path,
        payload: { username: 'locked', password: 'bad' },
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual(Array(10).fill(401));
    const res = await t.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'locked', password: PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().description).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('sessions', () => {
  it('rejects /api calls without a token, or with a bad one, with 401 JSON', async () => {
    for (const headers of [{}, bearer('nonsense')]) {
      const res = await t.app.inject({ method: authApi.session.method, url: authApi.session.path, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.unauthenticated');
    }
  });

  it('answers a stranger with 401 before looking at the body, even a bad one', async () => {
    for (const payload of [{}, { contextId: 'abc', name: 7 }]) {
      const res = await t.app.inject({ method: rolesApi.create.method, url: rolesApi.create.path, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.unauthenticated');
    }
  });

  it('accepts the token as Bearer or in X-Authorization and returns the session data', async () => {
    const token = await (await t.signIn('reg')).token();
    for (const headers of [bearer(token), { 'x-authorization': token }]) {
      const res = await t.app.inject({ method: authApi.session.method, url: authApi.session.path, headers });
      expect(res.statusCode).toBe(200);
      const s = res.json();
      expect(s.token).toBe(token);
      expect(s.user.username).toBe('reg');
      expect(s.institutions.map((i: { orgId: number }) => i.orgId)).toEqual([instA]);
      expect(s.userPermissions[String(instA)].permissions).toEqual(ADMIN_PERMISSIONS);
      expect(s.plaUrls.help).toMatch(/^https:\/\//);
      expect(s.superAdmin).toBe(false);
    }
  });

  it('expires a session idle for more than 30 minutes', async () => {
    const reg = await t.signIn('reg');
    const ok = await reg.call(authApi.session);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.id, ok.json().sessionId));
    const res = await reg.call(authApi.session);
    expect(res.statusCode).toBe(401);
  });

  it('refresh extends the session; logout ends it and the old token gets 401', async () => {
    const reg = await t.signIn('reg');
    const r = await reg.call(authApi.refresh);
    expect(r.statusCode).toBe(200);
    expect(new Date(r.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const out = await reg.call(authApi.logout);
    expect(out.statusCode).toBe(200);
    const after = await reg.call(authApi.session);
    expect(after.statusCode).toBe(401);
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('capabilities and institution scope', () => {
  it("gives a member the institution's permissions and tabs", async () => {
    const res = await t.as('reg').call(authApi.capabilities, { query: { organizationId: instA } });
    expect(res.statusCode).toBe(200);
    expect(res.json().tabs).toEqual(['courses', 'users', 'roles', 'offers', 'lti']);
  });

  it('reads the roles again on every request: a role given or taken mid-session counts at once', async () => {
    const newcomer = await createUser(t.db, 'newcomer');
    const tabs = async () =>
      (await t.as('newcomer').call(authApi.capabilities, { query: { organizationId: instA } })).json().tabs;
    expect(await tabs()).toEqual([]);
    const role = await createRole(t.db, instA, 'Helpers', ADMIN_PERMISSIONS, [newcomer.id]);
    expect(await tabs()).toEqual(['courses', 'users', 'roles', 'offers', 'lti']);
    await t.db.delete(groupMembers).where(eq(groupMembers.groupId, role.id));
    expect(await tabs()).toEqual([]);
  });

  it('gives a non-member nothing in another institution', async () => {
    const res = await t.as('reg').call(authApi.capabilities, { query: { organizationId: instB } });
    expect(res.json()).toMatchObject({ member: false, permissions: [], tabs: [] });
  });

  it('limits institution search to the caller’s own institutions unless they hold a flag', async () => {
    const mine = await t.as('reg').call(institutionsApi.filterByName, { query: { name: '' } });
    expect(mine.json().organizations.map((o: { displayName: string }) => o.displayName)).toEqual([
      'Alder College',
    ]);
    const all = await t.as('boss').call(institutionsApi.filterByName, { query: { name: 'birch' } });
    expect(all.json().organizations.map((o: { displayName: string }) => o.displayName)).toEqual([
      'Birch University',
    ]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const res = await t.as('boss').call(institutionsApi.filterByName, { query: { name: '%' } });
    expect(res.json().organizations).toEqual([]);
  });
});
