import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, mailOutbox, sessions, totpRecoveryCodes, userTotp } from '../../db/schema';
import { bearer, createUser, login, PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/** The server's clock: codes are made for it, and a test moves it by whole 30-second steps. */
let clock = new Date('2026-03-02T10:00:05Z');
const step = () => {
  clock = new Date(clock.getTime() + 30_000);
};
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });

let t: TestApp;
let prod: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  prod = await createTestApp({ now: () => clock, env: { APP_ENV: 'prod', DEMO_SEED: 'false' } });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

const post = (app: TestApp, url: string, payload: object, token?: string) =>
  app.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

/** Signs `username` in, turns two-step sign-in on from the account and returns its secret and recovery codes. */
async function enrol(username: string) {
  const user = await createUser(t.db, username);
  const token = await login(t.app, username);
  const setup = await post(t, '/api/account/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, qrDataUrl, otpauthUrl } = setup.json();
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirm = await post(t, '/api/account/totp/confirm', { code: await codeFor(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  step();
  return { user, token, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const passwordStep = (app: TestApp, username: string) =>
  post(app, '/api/auth/login', { username, password: PASSWORD });

describe('enrolment from the account', () => {
  it('turns on with a real code, shows ten recovery codes once and keeps only their hashes', async () => {
    const { user: u, token, recoveryCodes } = await enrol('tina');
    expect(recoveryCodes).toHaveLength(10);
    const rows = await t.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, u.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    const status = await t.app.inject({ method: 'GET', url: '/api/account/totp', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true, required: false });
    // the secret is never given again
    const again = await post(t, '/api/account/totp/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('error.totpAlreadyEnabled');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'totp.enable'), eq(auditLog.actorUserId, u.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a wrong first code and stays off', async () => {
    const u = await createUser(t.db, 'wanda');
    const token = await login(t.app, 'wanda');
    await post(t, '/api/account/totp/setup', {}, token);
    const res = await post(t, '/api/account/totp/confirm', { code: '000000' }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.totpCodeWrong');
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(row.enabledAt).toBeNull();
    const bad = await post(t, '/api/account/totp/confirm', { code: 'x' }, token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('sign-in with two-step sign-in on', () => {
  it('asks for a code after the password, gives no session until then, and signs in with the code', async () => {
    const { secret } = await enrol('carl');
    const sessionsBefore = (await t.db.select().from(sessions)).length;
    const first = await passwordStep(t, 'carl');
    expect(first.statusCode).toBe(200);
    const { step: due, pendingToken, token } = first.json();
    expect(due).toBe('totp');
    expect(token).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select().from(sessions)).length).toBe(sessionsBefore);
    // the pending token is no session
    const asSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer(pendingToken),
    });
    expect(asSession.statusCode).toBe(401);

    const code = await codeFor(secret);
    const res = await post(t, '/api/auth/login/totp', { pendingToken, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer(res.json().token),
    });
    expect(session.json().user.username).toBe('carl');
    // the pending token works once
    const twice = await post(t, '/api/auth/login/totp', { pendingToken, code });
    expect(twice.json().message).toBe('error.totpPendingInvalid');
  });

  it('asks for the code after a password reset too: the e-mailed link alone opens no session', async () => {
    const { user: u, secret, token: before } = await enrol('rhea');
    const forgot = await post(t, '/api/auth/password/forgot', { identifier: 'rhea' });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, u.email))
      .orderBy(desc(mailOutbox.id));
    const link = /\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const sessionsBefore = (await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).length;
    const sessionOf = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    const newPassword = 'quartz-lantern-meadow-91';
    const res = await post(t, '/api/auth/password/reset', {
      token: link,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ step: 'totp' });
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    // the earlier session ended, and none opened
    expect((await sessionOf(before)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(sessionsBefore);
    const signedIn = await post(t, '/api/auth/login/totp', {
      pendingToken: res.json().pendingToken,
      code: await codeFor(secret),
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await sessionOf(signedIn.json().token)).json().user.username).toBe('rhea');
    step();
  });

  it('refuses a wrong code with a clear error, counted as a failed sign-in', async () => {
    await enrol('wes');
    const { pendingToken } = (await passwordStep(t, 'wes')).json();
    const res = await post(t, '/api/auth/login/totp', { pendingToken, code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.totpCodeWrong');
    const failures = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, 'wes'), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(1);
  });

  it('throttles wrong codes like wrong passwords (429 after ten)', async () => {
    await enrol('tom');
    const { pendingToken } = (await passwordStep(t, 'tom')).json();
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/api/auth/login/totp', { pendingToken, code: '111111' });
      expect(res.statusCode).toBe(422);
    }
    const res = await post(t, '/api/auth/login/totp', { pendingToken, code: '111111' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('error.tooManyAttemptsAccount');
  });

  it('refuses a code used already (replay), then accepts the next one', async () => {
    const { secret } = await enrol('rita');
    const code = await codeFor(secret);
    const a = (await passwordStep(t, 'rita')).json();
    expect((await post(t, '/api/auth/login/totp', { pendingToken: a.pendingToken, code })).statusCode).toBe(
      200,
    );
    const b = (await passwordStep(t, 'rita')).json();
    const replay = await post(t, '/api/auth/login/totp', { pendingToken: b.pendingToken, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('error.totpCodeWrong');
    step();
    const next = await post(t, '/api/auth/login/totp', {
      pendingToken: b.pendingToken,
      code: await codeFor(secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const { recoveryCodes } = await enrol('ruth');
    const a = (await passwordStep(t, 'ruth')).json();
    const ok = await post(t, '/api/auth/login/totp', {
      pendingToken: a.pendingToken,
      code: recoveryCodes[3],
    });
    expect(ok.statusCode).toBe(200);
    const b = (await passwordStep(t, 'ruth')).json();
    const again = await post(t, '/api/auth/login/totp', {
      pendingToken: b.pendingToken,
      code: recoveryCodes[3],
    });
    expect(again.json().message).toBe('error.totpCodeWrong');
  });
});

describe('turning it off and a super admin reset', () => {
  it('needs the password and a code, then signs in with the password alone', async () => {
    const { token, secret } = await enrol('dora');
    const wrongPassword = await post(
      t,
      '/api/account/totp/disable',
      { password: 'nope', code: await codeFor(secret) },
      token,
    );
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toBe('error.currentPasswordWrong');
    const wrongCode = await post(
      t,
      '/api/account/totp/disable',
      { password: PASSWORD, code: '999999' },
      token,
    );
    expect(wrongCode.json().message).toBe('error.totpCodeWrong');
    const res = await post(
      t,
      '/api/account/totp/disable',
      { password: PASSWORD, code: await codeFor(secret) },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect((await passwordStep(t, 'dora')).json().token).toBeTruthy();
  });

  it('lets a super admin reset another account (audited); others are refused', async () => {
    const { user: u } = await enrol('lost');
    await createUser(t.db, 'root', { superAdmin: true });
    await createUser(t.db, 'helper', { nasupport: true });
    const helper = await login(t.app, 'helper');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${u.id}/totp`,
      headers: bearer(helper),
    });
    expect(refused.statusCode).toBe(403);
    const root = await login(t.app, 'root');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${u.id}/totp`,
      headers: bearer(root),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'totp.reset'));
    expect(row.entityId).toBe(String(u.id));
    expect((await passwordStep(t, 'lost')).json().token).toBeTruthy();
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${u.id}/totp`,
      headers: bearer(root),
    });
    expect(twice.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/999999/totp',
      headers: bearer(root),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('provider staff in production', () => {
  it('must set up an authenticator before getting a session; then signs in with codes', async () => {
    await createUser(prod.db, 'staff', { associateSuperAdmin: true });
    const first = await passwordStep(prod, 'staff');
    expect(first.json()).toMatchObject({ step: 'enrol' });
    expect(first.json().token).toBeUndefined();
    const { pendingToken } = first.json();
    // a code step is not an enrolment step
    expect((await post(prod, '/api/auth/login/totp', { pendingToken, code: '123456' })).statusCode).toBe(401);
    const setup = await post(prod, '/api/auth/login/enrol', { pendingToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const wrong = await post(prod, '/api/auth/login/enrol/confirm', { pendingToken, code: '000000' });
    expect(wrong.json().message).toBe('error.totpCodeWrong');
    const done = await post(prod, '/api/auth/login/enrol/confirm', {
      pendingToken,
      code: await codeFor(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    expect(done.json().recoveryCodes).toHaveLength(10);
    const status = await prod.app.inject({
      method: 'GET',
      url: '/api/account/totp',
      headers: bearer(done.json().token),
    });
    expect(status.json()).toEqual({ enabled: true, required: true });
    step();
    const next = await passwordStep(prod, 'staff');
    expect(next.json().step).toBe('totp');
  });

  it('leaves other accounts in production, and staff elsewhere, with the password alone', async () => {
    await createUser(prod.db, 'teacher');
    expect((await passwordStep(prod, 'teacher')).json().token).toBeTruthy();
    await createUser(t.db, 'devstaff', { superAdmin: true });
    expect((await passwordStep(t, 'devstaff')).json().token).toBeTruthy();
  });
});
