import { parseSetCookie } from 'cookie';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { ConfigError, loadConfig } from '../../config';
import { auditLog, groups, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bearer, createInstitution, createRole, createUser, PASSWORD } from '../../test/fixtures';
import { csrfTokenOf } from '../../lib/session/session-cookie';
import { authApi } from '../../../shared/contract/auth';
import { rolesApi } from '../../../shared/contract/roles';

/** The app is reached at https://admin.example.edu (PUBLIC_URL): the cookies are Secure. */
const PUBLIC = 'https://admin.example.edu';

let t: TestApp;
let inst: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: PUBLIC, SESSION_MAX_HOURS: '2' } });
  inst = (await createInstitution(t.db, 'Alder College')).id;
  const reg = await createUser(t.db, 'reg');
  await createRole(t.db, inst, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
});
afterAll(() => t.close());

interface BrowserSession {
  token: string;
  sessionId: string;
  /** The Cookie header a browser sends back. */
  cookie: string;
  csrf: string;
  setCookies: ReturnType<typeof parseSetCookie>[];
}

const setCookiesOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => parseSetCookie(String(c)));
};

async function signIn(app = t.app): Promise<BrowserSession> {
  const res = await app.inject({
    method: authApi.login.method,
    url: authApi.login.path,
    payload: { username: 'reg', password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const setCookies = setCookiesOf(res);
  const session = setCookies.find((c) => c.name === 'cwa_session');
  const csrf = setCookies.find((c) => c.name === 'cwa_csrf');
  return {
    token: res.json().token,
    sessionId: res.json().sessionId,
    cookie: `cwa_session=${session?.value}; cwa_csrf=${csrf?.value}`,
    csrf: csrf?.value ?? '',
    setCookies,
  };
}

const createRoleAs = (s: BrowserSession, headers: Record<string, string>, name: string) =>
  t.app.inject({
    method: rolesApi.create.method,
    url: rolesApi.create.path,
    headers: { cookie: s.cookie, ...headers },
    payload: { contextId: inst, name, permissions: [] },
  });

const rolesNamed = (name: string) =>
  t.db
    .select()
    .from(groups)
    .where(and(eq(groups.contextId, inst), eq(groups.name, name)));

describe('browser sign-in', () => {
  it('sets an HttpOnly, Secure, SameSite=Lax session cookie and a readable CSRF cookie', async () => {
    const s = await signIn();
    const [session, csrf] = s.setCookies;
    expect(session).toMatchObject({
      name: 'cwa_session',
      value: s.token,
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 2 * 3600,
    });
    expect(csrf).toMatchObject({ name: 'cwa_csrf', value: csrfTokenOf(s.token), secure: true, path: '/' });
    expect(csrf.httpOnly).toBeUndefined();
    expect(s.csrf).not.toContain(s.token);
  });

  it('is not Secure when the app is reached over http (a local run)', async () => {
    const local = await createTestApp();
    try {
      await createUser(local.db, 'reg');
      const s = await signIn(local.app);
      expect(s.setCookies.map((c) => [c.name, c.secure])).toEqual([
        ['cwa_session', undefined],
        ['cwa_csrf', undefined],
      ]);
      const res = await local.app.inject({ url: authApi.session.path, headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('authenticates a GET by the cookie alone (a new tab)', async () => {
    const s = await signIn();
    const res = await t.app.inject({ url: authApi.session.path, headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionId: s.sessionId, user: { username: 'reg' } });
  });

  it('lets an unsafe cookie request through with the CSRF header from the app’s origin', async () => {
    const s = await signIn();
    const res = await createRoleAs(s, { origin: PUBLIC, 'x-csrf-token': s.csrf }, 'From the app');
    expect(res.statusCode).toBe(201);
    expect(await rolesNamed('From the app')).toHaveLength(1);
    // the request's own host is the app's too (reached by another name than PUBLIC_URL)
    const own = await createRoleAs(s, { origin: 'http://localhost:80', 'x-csrf-token': s.csrf }, 'Own host');
    expect(own.statusCode).toBe(201);
    // without Origin, the Referer's origin counts
    const referred = await createRoleAs(
      s,
      { referer: `${PUBLIC}/roles?x=1`, 'x-csrf-token': s.csrf },
      'By referer',
    );
    expect(referred.statusCode).toBe(201);
  });
});

describe('CSRF', () => {
  it('sets no cookie for a sign-in a cross-site form could send (text/plain or multipart body)', async () => {
    for (const [type, payload] of [
      ['text/plain', JSON.stringify({ username: 'reg', password: PASSWORD })],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nreg\r\n--x--\r\n`,
      ],
    ]) {
      const res = await t.app.inject({
        method: authApi.login.method,
        url: authApi.login.path,
        headers: { 'content-type': type, origin: 'https://evil.example.com' },
        payload,
      });
      expect(res.statusCode, type).toBe(422);
      expect(res.headers['set-cookie'], type).toBeUndefined();
    }
  });

  it('refuses an unsafe cookie request without the CSRF header, and changes nothing', async () => {
    const s = await signIn();
    const res = await createRoleAs(s, { origin: PUBLIC }, 'No header');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 403,
      message: 'error.csrfTokenMissing',
      description: 'This request lacks the security token of your session. Reload the page and try again.',
    });
    expect(await rolesNamed('No header')).toEqual([]);
  });

  it('refuses the CSRF value of another session', async () => {
    const s = await signIn();
    const other = await signIn();
    const res = await createRoleAs(s, { origin: PUBLIC, 'x-csrf-token': other.csrf }, 'Other csrf');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.csrfTokenMissing');
    expect(await rolesNamed('Other csrf')).toEqual([]);
  });

  it('refuses an unsafe cookie request from another origin, or from none, and changes nothing', async () => {
    const s = await signIn();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example.com', 'x-csrf-token': s.csrf },
      { origin: 'http://admin.example.edu', 'x-csrf-token': s.csrf },
      { origin: 'null', 'x-csrf-token': s.csrf },
      { referer: 'https://evil.example.com/admin.example.edu', 'x-csrf-token': s.csrf },
      { 'x-csrf-token': s.csrf },
    ]) {
      const res = await createRoleAs(s, headers, 'Cross site');
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({
        status: 403,
        message: 'error.crossSiteRequest',
        description: "This request did not come from the app's own pages and was refused.",
      });
    }
    expect(await rolesNamed('Cross site')).toEqual([]);
  });

  it('refuses a cross-site logout: the session lives on and no logout is audited', async () => {
    const s = await signIn();
    const res = await t.app.inject({
      method: authApi.logout.method,
      url: authApi.logout.path,
      headers: { cookie: s.cookie, origin: 'https://evil.example.com' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(row.revokedAt).toBeNull();
    const logouts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logout'), eq(auditLog.entityId, s.sessionId)));
    expect(logouts).toEqual([]);
  });

  it('asks nothing of bearer clients: Authorization and X-Authorization work without Origin or CSRF', async () => {
    const s = await signIn();
    const res = await t.app.inject({
      method: rolesApi.create.method,
      url: rolesApi.create.path,
      headers: bearer(s.token),
      payload: { contextId: inst, name: 'By bearer', permissions: [] },
    });
    expect(res.statusCode).toBe(201);
    const refreshed = await t.app.inject({
      method: authApi.refresh.method,
      url: authApi.refresh.path,
      headers: { 'x-authorization': s.token, origin: 'https://evil.example.com' },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session and clears both cookies', async () => {
    const s = await signIn();
    const res = await t.app.inject({
      method: authApi.logout.method,
      url: authApi.logout.path,
      headers: { cookie: s.cookie, origin: PUBLIC, 'x-csrf-token': s.csrf },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookiesOf(res)).toMatchObject([
      { name: 'cwa_session', value: '', maxAge: 0, path: '/', httpOnly: true },
      { name: 'cwa_csrf', value: '', maxAge: 0, path: '/' },
    ]);
    const after = await t.app.inject({ url: authApi.session.path, headers: { cookie: s.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refresh works with the cookie (and its CSRF header)', async () => {
    const s = await signIn();
    const res = await t.app.inject({
      method: authApi.refresh.method,
      url: authApi.refresh.path,
      headers: { cookie: s.cookie, origin: PUBLIC, 'x-csrf-token': s.csrf },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionId).toBe(s.sessionId);
  });
});

describe('SESSION_MAX_HOURS', () => {
  const openedMinutesAgo = (id: string, minutes: number) =>
    t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, lastSeenAt: sql`now()` })
      .where(eq(sessions.id, id));

  it('ends a session that is active but older than the limit, by cookie and by bearer', async () => {
    const s = await signIn();
    await openedMinutesAgo(s.sessionId, 60);
    const young = await t.app.inject({ url: authApi.session.path, headers: { cookie: s.cookie } });
    expect(young.statusCode).toBe(200);

    await openedMinutesAgo(s.sessionId, 126);
    for (const headers of [{ cookie: s.cookie }, bearer(s.token)]) {
      const res = await t.app.inject({ url: authApi.session.path, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.unauthenticated');
    }
    const refreshed = await t.app.inject({
      method: authApi.refresh.method,
      url: authApi.refresh.path,
      headers: bearer(s.token),
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('names the end of the absolute lifetime as the expiry when it comes before the idle one', async () => {
    const s = await signIn();
    await openedMinutesAgo(s.sessionId, 114);
    const res = await t.app.inject({
      method: authApi.refresh.method,
      url: authApi.refresh.path,
      headers: bearer(s.token),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(Date.parse(res.json().expiresAt)).toBe(row.createdAt.getTime() + 2 * 3_600_000);
  });

  it('is 12 by default; a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).sessionMaxHours).toBe(12);
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_MAX_HOURS: 'many' })).toThrow(
      /^Invalid configuration: SESSION_MAX_HOURS="many"/,
    );
  });
});
