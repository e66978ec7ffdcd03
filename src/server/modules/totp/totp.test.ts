import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, mailOutbox, sessions, totpRecoveryCodes, userTotp } from '../../db/schema';
import { authApi } from '../../../shared/contract/auth';
import { passwordResetApi } from '../../../shared/contract/password-reset';
import type { RouteSpec } from '../../../shared/contract/route';
import { totpApi } from '../../../shared/contract/totp';
import { bearer, createUser, PASSWORD } from '../../test/fixtures';
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

// The sign-in steps answer tokens, sent back as a bearer header: raw requests, paths from the routes.
const post = (app: TestApp, route: RouteSpec, payload: object) =>
  app.app.inject({ method: route.method, url: route.path, payload });
const sessionOf = (app: TestApp, token: string) =>
  app.app.inject({ method: authApi.session.method, url: authApi.session.path, headers: bearer(token) });

/** Signs `username` in, turns two-step sign-in on from the account and returns its secret and recovery codes. */
async function enrol(username: string) {
  const user = await createUser(t.db, username);
  const client = await t.signIn(username);
  const setup = await client.call(totpApi.setup);
  expect(setup.statusCode).toBe(200);
  const { secret, qrDataUrl, otpauthUrl } = setup.json();
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirm = await client.call(totpApi.confirm, { body: { code: await codeFor(secret) } });
  expect(confirm.statusCode).toBe(200);
  step();
  return {
    user,
    client,
    token: await client.token(),
    secret,
    recoveryCodes: confirm.json().recoveryCodes as string[],
  };
}

const passwordStep = (app: TestApp, username: string) =>
  post(app, authApi.login, { username, password: PASSWORD });

describe('enrolment from the account', () => {
  it('turns on with a real code, shows ten recovery codes once and keeps only their hashes', async () => {
    const { user: u, client, recoveryCodes } = await enrol('tina');
    expect(recoveryCodes).toHaveLength(10);
    const rows = await t.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, u.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    const status = await client.call(totpApi.status);
    expect(status.json()).toEqual({ enabled: true, required: false });
    // the secret is never given again
    const again = await client.call(totpApi.setup);
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
    const wanda = t.as('wanda');
    await wanda.call(totpApi.setup);
    const res = await wanda.call(totpApi.confirm, { body: { code: '000000' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.totpCodeWrong');
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(row.enabledAt).toBeNull();
    const bad = await wanda.call(totpApi.confirm, { body: { code: 'x' } });
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
    const asSession = await sessionOf(t, pendingToken);
    expect(asSession.statusCode).toBe(401);

    const code = await codeFor(secret);
    const res = await post(t, totpApi.loginCode, { pendingToken, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    const session = await sessionOf(t, res.json().token);
    expect(session.json().user.username).toBe('carl');
    // the pending token works once
    const twice = await post(t, totpApi.loginCode, { pendingToken, code });
    expect(twice.json().message).toBe('error.totpPendingInvalid');
  });

  it('asks for the code after a password reset too: the e-mailed link alone opens no session', async () => {
    const { user: u, secret, token: before } = await enrol('rhea');
    const forgot = await post(t, passwordResetApi.forgot, { identifier: 'rhea' });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, u.email))
      .orderBy(desc(mailOutbox.id));
    const link = /\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const sessionsBefore = (await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).length;
    const newPassword = 'quartz-lantern-meadow-91';
    const res = await post(t, passwordResetApi.reset, {
      token: link,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ step: 'totp' });
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    // the earlier session ended, and none opened
    expect((await sessionOf(t, before)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(sessionsBefore);
    const signedIn = await post(t, totpApi.loginCode, {
      pendingToken: res.json().pendingToken,
      code: await codeFor(secret),
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await sessionOf(t, signedIn.json().token)).json().user.username).toBe('rhea');
    step();
  });

  it('refuses a wrong code with a clear error, counted as a failed sign-in', async () => {
    await enrol('wes');
    const { pendingToken } = (await passwordStep(t, 'wes')).json();
    const res = await post(t, totpApi.loginCode, { pendingToken, code: '123456' });
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
      const res = await post(t, totpApi.loginCode, { pendingToken, code: '111111' });
      expect(res.statusCode).toBe(422);
    }
    const res = await post(t, totpApi.loginCode, { pendingToken, code: '111111' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('error.tooManyAttemptsAccount');
  });

  it('refuses a code used already (replay), then accepts the next one', async () => {
    const { secret } = await enrol('rita');
    const code = await codeFor(secret);
    const a = (await passwordStep(t, 'rita')).json();
    expect((await post(t, totpApi.loginCode, { pendingToken: a.pendingToken, code })).statusCode).toBe(200);
    const b = (await passwordStep(t, 'rita')).json();
    const replay = await post(t, totpApi.loginCode, { pendingToken: b.pendingToken, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('error.totpCodeWrong');
    step();
    const next = await post(t, totpApi.loginCode, {
      pendingToken: b.pendingToken,
      code: await codeFor(secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const { recoveryCodes } = await enrol('ruth');
    const a = (await passwordStep(t, 'ruth')).json();
    const ok = await post(t, totpApi.loginCode, {
      pendingToken: a.pendingToken,
      code: recoveryCodes[3],
    });
    expect(ok.statusCode).toBe(200);
    const b = (await passwordStep(t, 'ruth')).json();
    const again = await post(t, totpApi.loginCode, {
      pendingToken: b.pendingToken,
      code: recoveryCodes[3],
    });
    expect(again.json().message).toBe('error.totpCodeWrong');
  });
});

describe('turning it off and a super admin reset', () => {
  it('needs the password and a code, then signs in with the password alone', async () => {
    const { client, secret } = await enrol('dora');
    const wrongPassword = await client.call(totpApi.disable, {
      body: { password: 'nope', code: await codeFor(secret) },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toBe('error.currentPasswordWrong');
    const wrongCode = await client.call(totpApi.disable, { body: { password: PASSWORD, code: '999999' } });
    expect(wrongCode.json().message).toBe('error.totpCodeWrong');
    const res = await client.call(totpApi.disable, {
      body: { password: PASSWORD, code: await codeFor(secret) },
    });
    expect(res.statusCode).toBe(200);
    expect((await passwordStep(t, 'dora')).json().token).toBeTruthy();
  });

  it('lets a super admin reset another account (audited); others are refused', async () => {
    const { user: u } = await enrol('lost');
    await createUser(t.db, 'root', { superAdmin: true });
    await createUser(t.db, 'helper', { nasupport: true });
    const refused = await t.as('helper').call(totpApi.reset, { params: { id: u.id } });
    expect(refused.statusCode).toBe(403);
    const root = t.as('root');
    const res = await root.call(totpApi.reset, { params: { id: u.id } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'totp.reset'));
    expect(row.entityId).toBe(String(u.id));
    expect((await passwordStep(t, 'lost')).json().token).toBeTruthy();
    const twice = await root.call(totpApi.reset, { params: { id: u.id } });
    expect(twice.statusCode).toBe(409);
    const unknown = await root.call(totpApi.reset, { params: { id: 999999 } });
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
    expect((await post(prod, totpApi.loginCode, { pendingToken, code: '123456' })).statusCode).toBe(401);
    const setup = await post(prod, totpApi.loginEnrol, { pendingToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const wrong = await post(prod, totpApi.loginEnrolConfirm, { pendingToken, code: '000000' });
    expect(wrong.json().message).toBe('error.totpCodeWrong');
    const done = await post(prod, totpApi.loginEnrolConfirm, {
      pendingToken,
      code: await codeFor(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    expect(done.json().recoveryCodes).toHaveLength(10);
    const status = await prod.app.inject({
      method: totpApi.status.method,
      url: totpApi.status.path,
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
