import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXT } from '../../../shared/contract/password-reset';
import { auditLog, loginAttempts, mailOutbox, passwordResets, users } from '../../db/schema';
import { bearer, createUser, PASSWORD } from '../../test/fixtures';
import { authApi } from '../../../shared/contract/auth';
import { passwordResetApi } from '../../../shared/contract/password-reset';
import { createTestApp, type PersonaClient, type TestApp } from '../../test/harness';
import { SERVER_CATALOGS as RESET_TEXT } from '../../../shared/i18n';
import { ADDRESS_MAX_REQUESTS, IDENTIFIER_MAX_REQUESTS } from './password-reset.service';

const PUBLIC_URL = 'https://admin.example.edu';
const NEW_PASSWORD = 'violet-tundra-mosaic-41-lantern';

let t: TestApp;
let address = 0;
/** A fresh client address per test, so the per-address limit of one test never reaches another. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const forgot = (identifier: string, remoteAddress: string, locale?: string) =>
  t.app.inject({
    method: 'POST',
    url: passwordResetApi.forgot.path,
    payload: { identifier, ...(locale ? { locale } : {}) },
    remoteAddress,
  });
const check = (token: string, remoteAddress = '10.9.9.9') =>
  t.app.inject({
    method: 'GET',
    url: passwordResetApi.checkLink.path,
    query: { token },
    remoteAddress,
  });
const reset = (token: string, password: string, remoteAddress = '10.9.9.9') =>
  t.app.inject({
    method: 'POST',
    url: passwordResetApi.reset.path,
    payload: { token, password, confirmPassword: password },
    remoteAddress,
  });
const change = (client: PersonaClient, currentPassword: string, newPassword: string) =>
  client.call(passwordResetApi.change, {
    body: { currentPassword, newPassword, confirmPassword: newPassword },
  });
/** A signed-in client's session, or the token a reset answers (sent as a bearer header). */
const sessionStatus = async (who: PersonaClient | string) =>
  (typeof who === 'string'
    ? await t.app.inject({ method: authApi.session.method, url: authApi.session.path, headers: bearer(who) })
    : await who.call(authApi.session)
  ).statusCode;
const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
const tokenOf = (text: string) =>
  new RegExp(`^${PUBLIC_URL}/password/reset\\?token=([A-Za-z0-9_-]+)$`, 'm').exec(text)?.[1];
const auditOf = (action: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/** Asks for a link for `username` and returns the token of the e-mail it got. */
async function linkFor(username: string) {
  const res = await forgot(username, nextAddress());
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(`${username}@example.edu`);
  const token = tokenOf(mail.text);
  expect(token).toBeTruthy();
  return token as string;
}

describe('forgot password', () => {
  it('answers the same for an existing, an unknown and a disabled account, and only the first gets a link', async () => {
    const user = await createUser(t.db, 'fp.ada');
    await createUser(t.db, 'fp.off', { status: 'disabled' });
    const ip = nextAddress();
    const known = await forgot('FP.Ada@example.edu', ip);
    const unknown = await forgot('nobody.here@example.edu', ip);
    const disabled = await forgot('fp.off', ip);
    expect(known.statusCode).toBe(200);
    expect([unknown.statusCode, disabled.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    expect(disabled.body).toBe(known.body);
    expect(known.json()).toEqual({ status: 'OK', description: PASSWORD_RESET_TEXT.requested });

    const [mail] = await mailsTo('fp.ada@example.edu');
    expect(mail.subject).toBe(RESET_TEXT.en.mail.passwordReset.subject);
    expect(tokenOf(mail.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailsTo('fp.off@example.edu')).toEqual([]);
    // stored hashed: the e-mailed token is not in the table
    const [link] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(link.tokenHash).not.toContain(tokenOf(mail.text));
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    const rows = (await auditOf('password.resetRequest')).slice(0, 3).reverse();
    expect(rows.map((r) => [r.outcome, r.entityId, (r.after as { reason?: string }).reason ?? null])).toEqual(
      [
        ['ok', String(user.id), null],
        ['denied', null, 'unknownAccount'],
        ['denied', expect.any(String), 'inactive'],
      ],
    );
  });

  it('refuses a request without a user name with 422 and writes nothing', async () => {
    const res = await forgot('   ', nextAddress());
    expect(res.statusCode).toBe(422);
  });

  it('answers 429 past the limit of a name asked for, whether or not it exists, and past the limit of an address', async () => {
    await createUser(t.db, 'fp.limit');
    for (const name of ['fp.limit', 'fp.nobody']) {
      for (let i = 0; i < IDENTIFIER_MAX_REQUESTS; i++) {
        expect((await forgot(name, nextAddress())).statusCode).toBe(200);
      }
      const over = await forgot(name, nextAddress());
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe('error.resetTooManyRequests');
    }
    // at most three links an hour reach the account, whatever the requests
    expect(await mailsTo('fp.limit@example.edu')).toHaveLength(3);

    const ip = nextAddress();
    for (let i = 0; i < ADDRESS_MAX_REQUESTS; i++) {
      expect((await forgot(`fp.addr.${i}`, ip)).statusCode).toBe(200);
    }
    const over = await forgot('fp.addr.last', ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('error.resetTooManyRequests');
    const [row] = await auditOf('password.resetRequest');
    expect([row.outcome, (row.after as { reason: string }).reason]).toEqual(['denied', 'rateLimited']);
  });

  it("writes the e-mail in the account's language, else the page's, with the link to PUBLIC_URL", async () => {
    for (const [name, locale] of [
      ['fp.fr', 'fr'],
      ['fp.zh', 'zh'],
    ] as const) {
      const u = await createUser(t.db, name);
      await t.db.update(users).set({ locale }).where(eq(users.id, u.id));
      // the page's language does not win over the account's
      expect((await forgot(name, nextAddress(), 'en')).statusCode).toBe(200);
      const [mail] = await mailsTo(`${name}@example.edu`);
      expect(mail.subject).toBe(RESET_TEXT[locale].mail.passwordReset.subject);
      expect(mail.text).toContain(RESET_TEXT[locale].mail.passwordReset.ignore);
      expect(tokenOf(mail.text)).toBeTruthy();
    }
    await createUser(t.db, 'fp.none');
    expect((await forgot('fp.none', nextAddress(), 'zh')).statusCode).toBe(200);
    expect((await mailsTo('fp.none@example.edu'))[0].subject).toBe(RESET_TEXT.zh.mail.passwordReset.subject);
  });
});

describe('reset link', () => {
  it('works once: signs the person in with the new password, then answers 404', async () => {
    const user = await createUser(t.db, 'rl.once');
    const token = await linkFor('rl.once');
    const info = await check(token);
    expect(info.statusCode).toBe(200);
    expect(info.json().username).toBe('rl.once');

    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(user.id);
    expect(await sessionStatus(res.json().token)).toBe(200);

    const again = await reset(token, `${NEW_PASSWORD}-2`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('error.resetLinkInvalid');
    expect((await check(token)).statusCode).toBe(404);
    await expect(t.signIn('rl.once')).rejects.toThrow(/401/);
    expect(await t.signIn('rl.once', NEW_PASSWORD)).toBeTruthy();

    const [done, refused] = [
      (await auditOf('password.reset')).find((r) => r.outcome === 'ok' && r.entityId === String(user.id)),
      (await auditOf('password.reset'))[0],
    ];
    expect(done?.actorUserId).toBe(user.id);
    expect([refused.outcome, (refused.after as { reason: string }).reason]).toEqual(['denied', 'invalid']);
  });

  it('answers 410 once the hour has passed (the stored expiry moved back), and sets nothing', async () => {
    const user = await createUser(t.db, 'rl.late');
    const token = await linkFor('rl.late');
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const info = await check(token);
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe('error.resetLinkExpired');
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(410);
    expect(await t.signIn('rl.late', PASSWORD)).toBeTruthy();
  });

  it('refuses a guessable password with 422 under the field, and the link keeps working', async () => {
    await createUser(t.db, 'rl.weak');
    const token = await linkFor('rl.weak');
    const weak = await reset(token, 'password1234');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe('error.weakPassword');
    expect(weak.json().fields.password).toBeTruthy();
    const named = await reset(token, 'rl.weak-is-my-secret-99');
    expect(named.json().message).toBe('error.passwordHasName');
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every other session of the account', async () => {
    await createUser(t.db, 'rl.sessions');
    const [a, b] = [await t.signIn('rl.sessions'), await t.signIn('rl.sessions')];
    expect([await sessionStatus(a), await sessionStatus(b)]).toEqual([200, 200]);
    const res = await reset(await linkFor('rl.sessions'), NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect([await sessionStatus(a), await sessionStatus(b)]).toEqual([401, 401]);
    expect(await sessionStatus(res.json().token)).toBe(200);
  });

  it('gives no link to an account AUTH_LOCAL does not name (same answer)', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL, AUTH_LOCAL: 'breakglass' } });
    try {
      await createUser(other.db, 'breakglass');
      await createUser(other.db, 'sso.only');
      const ask = (identifier: string) =>
        other.app.inject({ method: 'POST', url: passwordResetApi.forgot.path, payload: { identifier } });
      const [named, notNamed] = [await ask('breakglass'), await ask('sso.only')];
      expect(notNamed.statusCode).toBe(200);
      expect(notNamed.body).toBe(named.body);
      const mails = await other.db.select().from(mailOutbox);
      expect(mails.map((m) => m.to)).toEqual(['breakglass@example.edu']);
    } finally {
      await other.close();
    }
  });
});

describe('change password', () => {
  it('refuses a wrong current password with a clear error, audited', async () => {
    const user = await createUser(t.db, 'cp.wrong');
    const token = await t.signIn('cp.wrong');
    const res = await change(token, 'not-my-password', NEW_PASSWORD);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.currentPasswordWrong');
    expect(res.json().fields.currentPassword).toBe(PASSWORD_RESET_TEXT.currentWrong);
    expect(await t.signIn('cp.wrong')).toBeTruthy();
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.change'), eq(auditLog.entityId, String(user.id))));
    expect([row.outcome, (row.after as { reason: string }).reason]).toEqual([
      'denied',
      'wrongCurrentPassword',
    ]);
  });

  it('refuses a guessable new password with 422 on newPassword', async () => {
    await createUser(t.db, 'cp.weak');
    const res = await change(await t.signIn('cp.weak'), PASSWORD, 'aaaaaaaaaaaa');
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.newPassword).toBeTruthy();
  });

  it('changes the password and ends every other session, this one stays', async () => {
    const user = await createUser(t.db, 'cp.ok');
    const [current, other] = [await t.signIn('cp.ok'), await t.signIn('cp.ok')];
    const res = await change(current, PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', endedSessions: 1 });
    expect(await sessionStatus(current)).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
    await expect(t.signIn('cp.ok')).rejects.toThrow(/401/);
    expect(await t.signIn('cp.ok', NEW_PASSWORD)).toBeTruthy();
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'password.change'),
          eq(auditLog.entityId, String(user.id)),
          eq(auditLog.outcome, 'ok'),
        ),
      );
    expect(row.after).toMatchObject({ endedSessions: 1 });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: passwordResetApi.change.path,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('limits bookkeeping', () => {
  it('records reset requests as successes, so they never count towards sign-in failures', async () => {
    const rows = await t.db.select().from(loginAttempts).where(like(loginAttempts.username, '#reset:%'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.succeeded)).toBe(true);
  });
});
