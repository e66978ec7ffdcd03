import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SETUP_TEXT } from '../../../shared/contract/account-setup';
import { LOGIN_ADDRESS_MAX_FAILURES } from '../../../shared/constants';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { accountRequests, auditLog, loginAttempts, mailOutbox, users } from '../../db/schema';
import { accountSetupApi } from '../../../shared/contract/account-setup';
import { authApi } from '../../../shared/contract/auth';
import { usersApi } from '../../../shared/contract/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { createInstitution, createRole, createUser } from '../../test/fixtures';

const PASSWORD = 'a-long-new-password';
const URL = accountSetupApi.complete.path;

let t: TestApp;
let inst: { id: number; displayName: string };
let instructorRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  inst = await createInstitution(t.db, 'Alder College');
  const reg = await createUser(t.db, 'reg');
  await createRole(t.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  instructorRoleId = (await createRole(t.db, inst.id, 'Instructor', ['CAN_ENROLL_STUDENTS'], [])).id;
});
afterAll(() => t.close());

/** Creates a user through the Users page's call (an account request) and returns the e-mailed token. */
async function requestAccount(username: string) {
  const email = `${username}@example.edu`;
  const res = await t.as('reg').call(usersApi.createPiUser, {
    params: { id: inst.id },
    body: { firstName: 'Maya', lastName: 'Ortiz', email, username, groupId: instructorRoleId },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = /\/account\/setup\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

/** A pending user with one account request inserted directly (for expiry and other edge cases). */
async function pendingUser(username: string, expiresAt = new Date(Date.now() + 86_400_000)) {
  const [user] = await t.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.edu`,
      firstName: 'Pat',
      lastName: 'Pending',
      status: 'pending',
      passwordHash: null,
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(accountRequests).values({
    userId: user.id,
    institutionId: inst.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt,
  });
  return { user, token };
}

const check = (token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `${URL}?token=${encodeURIComponent(token)}`, remoteAddress });
const setup = (payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: URL, payload, remoteAddress });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const requestRows = (userId: number) =>
  t.db.select().from(accountRequests).where(eq(accountRequests.userId, userId));
const auditRows = async (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

describe(`GET ${accountSetupApi.check.path}`, () => {
  it('answers a valid link with the user name, first name and institution, without a session', async () => {
    const token = await requestAccount('mortiz');
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'mortiz',
      firstName: 'Maya',
      institutionName: 'Alder College',
    });
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now());
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown token with 404 and the invalid-link message', async () => {
    const res = await check('no-such-token');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      message: 'error.setupLinkInvalid',
      description: ACCOUNT_SETUP_TEXT.linkInvalid,
    });
  });

  it('answers an expired token with 410 and the expiry message', async () => {
    const { token } = await pendingUser('pexpired', new Date(Date.now() - 1000));
    const res = await check(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      message: 'error.setupLinkExpired',
      description: 'This setup link has expired. Ask your institution administrator to send a new one.',
    });
  });

  it('answers a missing or empty token with 422', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(422);
    expect((await check('')).statusCode).toBe(422);
    expect((await check('x'.repeat(201))).statusCode).toBe(422);
  });
});

describe(`POST ${accountSetupApi.complete.path}`, () => {
  it('sets the password, activates the account and writes an audit row; then the user signs in', async () => {
    const token = await requestAccount('jlee');
    const [before] = await t.db.select().from(users).where(eq(users.username, 'jlee'));
    expect(before.status).toBe('pending');
    // the user cannot sign in before setting the password
    const early = await t.app.inject({
      method: 'POST',
      url: authApi.login.path,
      payload: { username: 'jlee', password: PASSWORD },
    });
    expect(early.statusCode).toBe(401);

    const res = await setup({ token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', username: 'jlee', description: ACCOUNT_SETUP_TEXT.done });

    const after = await userRow(before.id);
    expect(after.status).toBe('active');
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.version).toBe(before.version + 1);
    const [request] = await requestRows(before.id);
    expect(request.usedAt).toBeInstanceOf(Date);
    const [row] = await auditRows('account.setup', before.id);
    expect(row).toMatchObject({
      actorUserId: before.id,
      entityType: 'user',
      institutionId: inst.id,
      outcome: 'ok',
      before: { status: 'pending' },
    });
    expect(JSON.stringify(row.after)).not.toContain(PASSWORD);

    const signIn = await t.app.inject({
      method: 'POST',
      url: authApi.login.path,
      payload: { username: 'jlee', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().token).toBeTruthy();
  });

  it('refuses a link used once already (404), changes nothing, and audits the refusal', async () => {
    const { user, token } = await pendingUser('ptwice');
    expect((await setup({ token, password: PASSWORD, confirmPassword: PASSWORD })).statusCode).toBe(200);
    const hashAfterFirst = (await userRow(user.id)).passwordHash;

    const again = await setup({
      token,
      password: 'another-password-1',
      confirmPassword: 'another-password-1',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      message: 'error.setupLinkInvalid',
      description: ACCOUNT_SETUP_TEXT.linkInvalid,
    });
    expect((await userRow(user.id)).passwordHash).toBe(hashAfterFirst);
    expect((await check(token)).statusCode).toBe(404);
    const [request] = await requestRows(user.id);
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'account.setup'),
          eq(auditLog.entityId, String(request.id)),
          eq(auditLog.outcome, 'denied'),
        ),
      );
    expect(denied).toHaveLength(1);
  });

  it('refuses an expired link with 410 and leaves the account pending', async () => {
    const { user, token } = await pendingUser('pexpired2', new Date(Date.now() - 60_000));
    const res = await setup({ token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().description).toBe(ACCOUNT_SETUP_TEXT.linkExpired);
    const after = await userRow(user.id);
    expect(after.status).toBe('pending');
    expect(after.passwordHash).toBeNull();
    const [request] = await requestRows(user.id);
    expect(request.usedAt).toBeNull();
  });

  it('refuses common, guessable and name-holding passwords with 422 on the field, and keeps the link', async () => {
    const { user, token } = await pendingUser('pweak');
    const cases: [string, string, string][] = [
      ['password1234', 'error.weakPassword', 'too easy to guess'],
      ['123456789012', 'error.weakPassword', 'too easy to guess'],
      ['aaaaaaaaaaaa', 'error.weakPassword', 'too easy to guess'],
      ['qwertyuiop12', 'error.weakPassword', 'too easy to guess'],
      ['my-pweak-is-long-enough', 'error.passwordHasName', 'user name or e-mail'],
      ['PWEAK@example.edu is mine', 'error.passwordHasName', 'user name or e-mail'],
    ];
    for (const [password, code, words] of cases) {
      const res = await setup({ token, password, confirmPassword: password });
      expect(res.statusCode, password).toBe(422);
      expect(res.json(), password).toMatchObject({
        message: code,
        fields: { password: expect.stringContaining(words) },
      });
      expect(res.json().description).toContain('Choose');
    }
    const after = await userRow(user.id);
    expect(after.status).toBe('pending');
    expect(after.passwordHash).toBeNull();
    expect((await requestRows(user.id))[0].usedAt).toBeNull();
    // a passphrase passes
    const ok = 'correct-horse-battery-staple';
    expect((await setup({ token, password: ok, confirmPassword: ok })).statusCode).toBe(200);
  });

  it('refuses a password holding the e-mail local part when the user name differs', async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        username: 'ppartial',
        email: 'river.stone@example.edu',
        firstName: 'River',
        lastName: 'Stone',
        status: 'pending',
      })
      .returning();
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(accountRequests).values({
      userId: user.id,
      institutionId: inst.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const password = 'Sunny-River.Stone-2026';
    const res = await setup({ token, password, confirmPassword: password });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.passwordHasName');
  });

  it('refuses an unknown token with 404', async () => {
    const res = await setup({ token: 'not-a-real-token', password: PASSWORD, confirmPassword: PASSWORD });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('error.setupLinkInvalid');
  });

  it('answers bad input with 422 and per-field messages, and writes nothing', async () => {
    const { user, token } = await pendingUser('pbadinput');
    const auditsBefore = (await t.db.select({ n: count() }).from(auditLog))[0].n;
    const cases: [object, Record<string, string>][] = [
      [
        { token, password: 'short', confirmPassword: 'short' },
        { password: 'The password needs at least 12 characters.' },
      ],
      [
        { token, password: PASSWORD, confirmPassword: `${PASSWORD}x` },
        { confirmPassword: 'The two passwords do not match.' },
      ],
      [{ token, password: '', confirmPassword: '' }, { password: 'Enter a password.' }],
      [{ token, password: 'x'.repeat(501), confirmPassword: 'x'.repeat(501) }, {}],
      [{ token, password: PASSWORD }, {}],
      [{ password: PASSWORD, confirmPassword: PASSWORD }, {}],
      [{ token, password: 12345678901234, confirmPassword: 12345678901234 }, {}],
    ];
    for (const [payload, fields] of cases) {
      const res = await setup(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().message).toBe('error.validation');
      expect(res.json().fields).toMatchObject(fields);
    }
    const after = await userRow(user.id);
    expect(after.status).toBe('pending');
    expect(after.passwordHash).toBeNull();
    expect(after.version).toBe(user.version);
    expect((await requestRows(user.id))[0].usedAt).toBeNull();
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(auditsBefore);
    // the link still works afterwards
    expect((await check(token)).statusCode).toBe(200);
  });

  it.each([2, 4])('of %i concurrent posts with the same link exactly one succeeds', async (n) => {
    const username = `pconcurrent${n}`;
    const { user, token } = await pendingUser(username);
    const passwords = Array.from({ length: n }, (_, i) => `concurrent-password-${i}`);
    const results = await Promise.all(
      passwords.map((password) => setup({ token, password, confirmPassword: password })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(n - 1).fill(404)]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.setup'))
      .then((rows) => rows.filter((r) => r.entityId === String(user.id)));
    expect(audits.filter((r) => r.outcome === 'ok')).toHaveLength(1);
    expect((await userRow(user.id)).status).toBe('active');
    // the winner's password is the one that works
    const winner = passwords[results.findIndex((r) => r.statusCode === 200)];
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: authApi.login.path, payload: { username, password } });
    for (const password of passwords) {
      expect((await signIn(password)).statusCode).toBe(password === winner ? 200 : 401);
    }
  });

  it('closes the other links of the account (a re-sent e-mail) once one is used', async () => {
    const { user, token } = await pendingUser('present');
    const second = randomBytes(32).toString('base64url');
    await t.db.insert(accountRequests).values({
      userId: user.id,
      institutionId: inst.id,
      tokenHash: createHash('sha256').update(second).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await setup({ token: second, password: PASSWORD, confirmPassword: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await requestRows(user.id)).every((r) => r.usedAt !== null)).toBe(true);
    expect((await check(token)).statusCode).toBe(404);
  });

  it('refuses the link of an account that is no longer pending (e.g. disabled)', async () => {
    const { user, token } = await pendingUser('pdisabled');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await check(token)).statusCode).toBe(404);
    expect((await setup({ token, password: PASSWORD, confirmPassword: PASSWORD })).statusCode).toBe(404);
    expect((await userRow(user.id)).status).toBe('disabled');
  });
});

describe('limits', () => {
  it('counts failed links per address and refuses the address with 429 after too many', async () => {
    const ip = '203.0.113.77';
    await t.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_ADDRESS_MAX_FAILURES - 1 }, () => ({
        username: 'someone',
        ip,
        succeeded: false,
      })),
    );
    expect((await check('unknown-token', ip)).statusCode).toBe(404); // the last failure allowed
    const refused = await check('unknown-token', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'error.setupTooManyAttempts',
      description: ACCOUNT_SETUP_TEXT.tooManyAttempts,
    });
    // even a valid link waits, and is not used up
    const { token } = await pendingUser('plimited');
    expect((await setup({ token, password: PASSWORD, confirmPassword: PASSWORD }, ip)).statusCode).toBe(429);
    expect((await check(token)).statusCode).toBe(200); // from another address
    // the setup failures are recorded under a name no account has
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.username, '#account-setup'));
    expect(rows.some((r) => r.ip === ip)).toBe(true);
  });
});
