import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identities, ssoRequests, users } from '../../db/schema';
import { bearer, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { type OidcIdp, startOidcIdp } from '../../test/oidc-idp';
import { authApi } from '../../../shared/contract/auth';
import { pathOf } from '../../../shared/contract/route';
import { ssoApi } from '../../../shared/contract/sso';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT = `${PUBLIC_URL}${pathOf(ssoApi.callback, { providerId: 'test' })}`;

const providerEnv = (
  idp: { issuer: string; clientId: string; clientSecret: string },
  id = 'test',
  n = 1,
) => ({
  [`OIDC_${n}_ID`]: id,
  [`OIDC_${n}_ISSUER`]: idp.issuer,
  [`OIDC_${n}_CLIENT_ID`]: idp.clientId,
  [`OIDC_${n}_CLIENT_SECRET`]: idp.clientSecret,
  [`OIDC_${n}_NAME`]: 'Test IdP',
});

let idp: OidcIdp;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcIdp({
    redirectUris: [REDIRECT, `${PUBLIC_URL}${pathOf(ssoApi.callback, { providerId: 'later-down' })}`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
    accounts: [
      { sub: 'alice-sub', email: 'Alice@example.edu', emailVerified: true, givenName: 'Alice' },
      { sub: 'unverified-sub', email: 'bob@example.edu', emailVerified: false },
      {
        sub: 'stranger-sub',
        email: 'stranger@example.org',
        emailVerified: true,
        givenName: 'Sam',
        familyName: 'Stranger',
      },
      { sub: 'disabled-sub', email: 'dora@example.edu', emailVerified: true },
    ],
  });
  t = await createTestApp({ env: { PUBLIC_URL, ...providerEnv(idp) } });
  await createUser(t.db, 'alice');
  await createUser(t.db, 'bob');
  await createUser(t.db, 'dora', { status: 'disabled' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** GET start: the provider's authorization URL and the browser cookie. */
async function begin(app: TestApp['app'], provider = 'test', next = '/courses') {
  const res = await app.inject({
    url: `${pathOf(ssoApi.start, { providerId: provider })}?next=${encodeURIComponent(next)}`,
  });
  expect(res.statusCode).toBe(303);
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  return { location: String(res.headers.location), cookie };
}

/** The browser arriving at the app's redirect URI. */
async function arrive(app: TestApp['app'], redirectedTo: string, cookie: string) {
  const u = new URL(redirectedTo);
  const res = await app.inject({ url: u.pathname + u.search, headers: { cookie } });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/** The whole browser round trip as `sub`: where the callback sends the browser, and its cookie. */
async function signInAs(sub: string, app = t.app) {
  const { location, cookie } = await begin(app);
  const back = await idp.signIn(location, sub);
  return { landing: await arrive(app, back, cookie), cookie, back };
}

const exchange = (app: TestApp['app'], landing: string, cookie: string) =>
  app.inject({
    method: ssoApi.exchange.method,
    url: ssoApi.exchange.path,
    payload: { code: landing.split('#sso=')[1] ?? 'x' },
    headers: { cookie },
  });

const lastAudit = async (db: TestApp['db'], action: string) => {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('OpenID Connect sign-in against a real provider', () => {
  it('lists the configured providers publicly', async () => {
    const res = await t.app.inject({ url: ssoApi.providers.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ id: 'test', name: 'Test IdP' }] });
  });

  it('starts with PKCE (S256), state and nonce at the discovered authorization endpoint', async () => {
    const { location, cookie } = await begin(t.app);
    const u = new URL(location);
    expect(`${u.origin}${u.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(u.searchParams.get(p)).toMatch(/^.{20,}$/);
    expect(cookie).toMatch(/^cwa_sso=[A-Za-z0-9_-]{43}$/);
  });

  it('links the active account with the same verified e-mail, then opens a session as a password sign-in does', async () => {
    const { landing, cookie } = await signInAs('alice-sub');
    expect(landing).toMatch(/^\/login#sso=[A-Za-z0-9_-]{43}$/);
    const res = await exchange(t.app, landing, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next).toBe('/courses');
    const session = await t.app.inject({ url: authApi.session.path, headers: bearer(body.token) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.username).toBe('alice');
    // the browser's session cookie, as a password sign-in sets it
    expect(String(res.headers['set-cookie'])).toContain(`cwa_session=${body.token}; Max-Age=`);
    const byCookie = await t.app.inject({
      url: authApi.session.path,
      headers: { cookie: `cwa_session=${body.token}` },
    });
    expect(byCookie.json().user.username).toBe('alice');

    const [alice] = await t.db.select().from(users).where(eq(users.username, 'alice'));
    const links = await t.db.select().from(identities).where(eq(identities.userId, alice.id));
    expect(links).toMatchObject([{ issuer: idp.issuer, subject: 'alice-sub' }]);
    expect(await lastAudit(t.db, 'identity.link')).toMatchObject({ actorUserId: alice.id, outcome: 'ok' });
    expect(await lastAudit(t.db, 'login')).toMatchObject({
      actorUserId: alice.id,
      entityId: body.sessionId,
      after: { method: 'sso', provider: 'test', issuer: idp.issuer },
    });

    // the one-time code works once
    const again = await exchange(t.app, landing, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('error.ssoCodeInvalid');
  });

  it('finds a linked person by (issuer, subject) even after the e-mail changed at the provider', async () => {
    idp.accounts.get('alice-sub')!.email = 'alice.new@example.edu';
    try {
      const { landing, cookie } = await signInAs('alice-sub');
      const res = await exchange(t.app, landing, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(
        (await t.db.select().from(users).where(eq(users.username, 'alice')))[0].id,
      );
    } finally {
      idp.accounts.get('alice-sub')!.email = 'Alice@example.edu';
    }
  });

  it('refuses a code exchanged by another browser', async () => {
    const { landing } = await signInAs('alice-sub');
    const res = await exchange(t.app, landing, `cwa_sso=${'A'.repeat(43)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.ssoCodeInvalid');
  });

  it('refuses a wrong state, with a denied audit row', async () => {
    const { location, cookie } = await begin(t.app);
    const back = new URL(await idp.signIn(location, 'alice-sub'));
    back.searchParams.set('state', 'not-the-state-we-sent-at-all');
    expect(await arrive(t.app, back.href, cookie)).toBe('/login?sso=ssoFailed');
    expect(await lastAudit(t.db, 'login.sso')).toMatchObject({
      outcome: 'denied',
      actorUserId: null,
      after: { reason: 'ssoFailed', detail: 'unknown or used state' },
    });
  });

  it('refuses the callback from a browser other than the one that started', async () => {
    const { location } = await begin(t.app);
    const back = await idp.signIn(location, 'alice-sub');
    expect(await arrive(t.app, back, `cwa_sso=${'B'.repeat(43)}`)).toBe('/login?sso=ssoFailed');
    expect((await lastAudit(t.db, 'login.sso')).after).toMatchObject({
      detail: 'started in another browser',
    });
  });

  it('refuses a replayed callback, and the provider refuses a replayed code', async () => {
    const { back, cookie, landing } = await signInAs('alice-sub');
    expect(landing).toMatch(/^\/login#sso=/);
    expect(await arrive(t.app, back, cookie)).toBe('/login?sso=ssoFailed');
    expect((await lastAudit(t.db, 'login.sso')).after).toMatchObject({ detail: 'unknown or used state' });
    // even with the request made usable again, the code itself is spent at the provider
    const state = new URL(back).searchParams.get('state')!;
    await t.db.update(ssoRequests).set({ usedAt: null }).where(sql`true`);
    expect(await arrive(t.app, back, cookie)).toBe('/login?sso=ssoFailed');
    const row = await lastAudit(t.db, 'login.sso');
    expect(row.outcome).toBe('denied');
    expect(JSON.stringify(row.after)).toContain('invalid_grant');
    expect(state).toBeTruthy();
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { location, cookie } = await begin(t.app);
    const back = await idp.signIn(location, 'alice-sub');
    await t.db.execute(sql`update sso_requests set nonce = 'another-nonce-entirely' where used_at is null`);
    expect(await arrive(t.app, back, cookie)).toBe('/login?sso=ssoFailed');
    expect((await lastAudit(t.db, 'login.sso')).after).toMatchObject({
      reason: 'ssoFailed',
      detail: expect.stringContaining('claim nonce'),
    });
  });

  it('refuses an e-mail the provider did not verify, and links nothing', async () => {
    const { landing } = await signInAs('unverified-sub');
    expect(landing).toBe('/login?sso=ssoEmailUnverified');
    expect(await t.db.select().from(identities).where(eq(identities.subject, 'unverified-sub'))).toEqual([]);
    expect(await lastAudit(t.db, 'login.sso')).toMatchObject({
      outcome: 'denied',
      after: { reason: 'ssoEmailUnverified', subject: 'unverified-sub', email: 'bob@example.edu' },
    });
  });

  it('refuses an unknown person when OIDC_CREATE_ACCOUNTS does not name the domain', async () => {
    const { landing } = await signInAs('stranger-sub');
    expect(landing).toBe('/login?sso=ssoNoAccount');
    expect(await t.db.select().from(users).where(eq(users.email, 'stranger@example.org'))).toEqual([]);
    expect(await lastAudit(t.db, 'login.sso')).toMatchObject({
      outcome: 'denied',
      after: { reason: 'ssoNoAccount', subject: 'stranger-sub' },
    });
  });

  it('refuses a disabled account, linked or not', async () => {
    expect((await signInAs('disabled-sub')).landing).toBe('/login?sso=ssoAccountDisabled');
    const [dora] = await t.db.select().from(users).where(eq(users.username, 'dora'));
    expect(await lastAudit(t.db, 'login.sso')).toMatchObject({ actorUserId: dora.id, outcome: 'denied' });
    // linked while active, disabled since
    const [alice] = await t.db.select().from(users).where(eq(users.username, 'alice'));
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, alice.id));
    try {
      expect((await signInAs('alice-sub')).landing).toBe('/login?sso=ssoAccountDisabled');
      expect(await lastAudit(t.db, 'login.sso')).toMatchObject({
        actorUserId: alice.id,
        after: { reason: 'ssoAccountDisabled', detail: 'account disabled' },
      });
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.id, alice.id));
    }
  });

  it('refuses an unknown provider id without a 500', async () => {
    const res = await t.app.inject({ url: pathOf(ssoApi.start, { providerId: 'nope' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso=ssoUnknownProvider');
  });

  it('signs out of the provider too when it offers RP-initiated logout', async () => {
    const { landing, cookie } = await signInAs('alice-sub');
    const { token } = (await exchange(t.app, landing, cookie)).json();
    const res = await t.app.inject({
      method: authApi.logout.method,
      url: authApi.logout.path,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // a password session has no provider to leave
    const plain = await (await t.signIn('bob')).call(authApi.logout);
    expect(plain.json()).toEqual({ status: 'OK' });
  });
});

describe('OpenID Connect: account creation, provider down, AUTH_LOCAL', () => {
  let t2: TestApp;
  let down: OidcIdp;
  beforeAll(async () => {
    down = await startOidcIdp({
      redirectUris: [`${PUBLIC_URL}${pathOf(ssoApi.callback, { providerId: 'later-down' })}`],
      accounts: [{ sub: 'alice-sub', email: 'alice@example.edu', emailVerified: true }],
    });
    const closed = await startOidcIdp({ redirectUris: [REDIRECT], accounts: [] });
    await closed.close(); // its port now refuses connections
    t2 = await createTestApp({
      env: {
        PUBLIC_URL,
        ...providerEnv(idp),
        ...providerEnv(closed, 'down', 2),
        ...providerEnv(down, 'later-down', 3),
        OIDC_CREATE_ACCOUNTS: 'example.org',
        AUTH_LOCAL: 'BreakGlass',
      },
    });
    await createUser(t2.db, 'alice');
    await createUser(t2.db, 'breakglass');
  }, 60_000);
  afterAll(async () => {
    await t2?.close();
    await down?.close();
  });

  it('creates the account of a verified e-mail in a domain OIDC_CREATE_ACCOUNTS names', async () => {
    const { landing, cookie } = await signInAs('stranger-sub', t2.app);
    expect(landing).toMatch(/^\/login#sso=/);
    const res = await exchange(t2.app, landing, cookie);
    expect(res.statusCode).toBe(200);
    const [created] = await t2.db.select().from(users).where(eq(users.email, 'stranger@example.org'));
    expect(created).toMatchObject({
      username: 'stranger@example.org',
      firstName: 'Sam',
      lastName: 'Stranger',
      passwordHash: null,
      status: 'active',
    });
    expect(res.json().userId).toBe(created.id);
    expect(await lastAudit(t2.db, 'user.create')).toMatchObject({
      actorUserId: created.id,
      after: { via: 'sso', provider: 'test', subject: 'stranger-sub' },
    });
  });

  it('sends the browser back with a clear reason when the provider cannot be reached (no 500)', async () => {
    const res = await t2.app.inject({ url: pathOf(ssoApi.start, { providerId: 'down' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso=ssoUnavailable');
    expect(await lastAudit(t2.db, 'login.sso')).toMatchObject({
      outcome: 'failed',
      entityId: 'down',
      after: { reason: 'ssoUnavailable' },
    });
  });

  it('sends the browser back with a clear reason when the provider goes down during the sign-in', async () => {
    const { location, cookie } = await begin(t2.app, 'later-down');
    const back = await down.signIn(location, 'alice-sub');
    await down.close();
    expect(await arrive(t2.app, back, cookie)).toBe('/login?sso=ssoUnavailable');
    expect(await lastAudit(t2.db, 'login.sso')).toMatchObject({
      outcome: 'failed',
      entityId: 'later-down',
      after: { reason: 'ssoUnavailable' },
    });
  });

  it('AUTH_LOCAL: only the named break-glass accounts sign in with a password', async () => {
    const refused = await t2.app.inject({
      method: authApi.login.method,
      url: authApi.login.path,
      payload: { username: 'alice', password: 'test-pass-1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('error.localSignInDisabled');
    expect(await (await t2.signIn('breakglass')).token()).toMatch(/.{20,}/);
    const n = await t2.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login')));
    expect(n.length).toBe(2); // the SSO sign-in above and breakglass
  });
});
