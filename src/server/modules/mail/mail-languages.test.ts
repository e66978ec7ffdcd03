import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetApi } from '../../../shared/contract/password-reset';
import { usersApi } from '../../../shared/contract/users';
import { institutions, users } from '../../db/schema';
import { readEml } from '../../test/eml';
import { createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld } from '../../test/users-world';
import { queueMail, renderMail } from '.';

// Every e-mail in its reader's language (users.locale), read back from the .eml file the mail job writes.
let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;
const SCHOOL = 'Alder <College> & "Sons"';

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  w = await createUsersWorld(t.db, 'ml');
  await t.db.update(institutions).set({ displayName: SCHOOL }).where(eq(institutions.id, w.a.id));
});
afterAll(async () => {
  await t.close();
});

const notify = (userId: number) =>
  t.as('mlreg').call(usersApi.notify, { params: { id: userId }, query: { organizationId: w.a.id } });

async function memberWith(username: string, locale: string, status: 'pending' | 'active') {
  const user = await createUser(t.db, username, { status });
  await t.db.update(users).set({ locale, firstName: 'Éloïse' }).where(eq(users.id, user.id));
  await createRole(t.db, w.a.id, `Tuteur ${username}`, ['CAN_ACCESS_ADMIN_DASHBOARD'], [user.id]);
  return user;
}

describe('e-mails in the reader’s language, HTML and text', () => {
  it('account setup in French: subject, text and HTML parts, values escaped in the HTML', async () => {
    const user = await memberWith('mlpending', 'fr', 'pending');
    const res = await notify(user.id);
    expect(res.statusCode).toBe(200);
    const mail = await readEml(t.db, user.email);
    expect(mail.subject).toBe('Votre compte Courseware Admin : instructions de configuration');
    expect(mail.text).toContain('Bonjour Éloïse,');
    expect(mail.text).toContain(`Un compte a été demandé pour vous dans l’établissement ${SCHOOL}`);
    expect(mail.text).toMatch(/1\. Ouvrez ce lien dans les 7 jours : \S+\/account\/setup\?token=/);
    expect(mail.text).toContain('3. Connectez-vous avec le nom d’utilisateur : mlpending');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Alder &lt;College&gt; &amp; &quot;Sons&quot;');
    expect(mail.html).not.toContain('<College>');
    expect(mail.html).toMatch(/<a href="[^"]+\/account\/setup\?token=[\w-]+">/);
    expect(mail.text).not.toMatch(/Hello|account has been requested/);
  });

  it('the notification of an active account in Chinese', async () => {
    const user = await memberWith('mlactive', 'zh', 'active');
    const res = await notify(user.id);
    expect(res.statusCode).toBe(200);
    const mail = await readEml(t.db, user.email);
    expect(mail.subject).toBe('您的 Courseware Admin 账户');
    expect(mail.text).toContain(`您可以访问 ${SCHOOL}，角色为 Tuteur mlactive。`);
    expect(mail.text).toContain('请使用用户名 mlactive 在此登录：');
    expect(mail.html).toContain('<html lang="zh">');
    expect(mail.html).toContain('Alder &lt;College&gt;');
  });

  it('a new account gets the language of the administrator who created it, kept for later e-mails', async () => {
    const res = await t.as('mlreg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        firstName: 'Noé',
        lastName: 'Lambert',
        email: 'noe.lambert@example.edu',
        groupId: w.roles.ta.id,
      },
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await readEml(t.db, 'noe.lambert@example.edu');
    expect(mail.subject).toBe('Votre compte Courseware Admin : instructions de configuration');
    expect(mail.text).toContain('Bonjour Noé,');
    expect(mail.html).toContain('<html lang="fr">');
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'noe.lambert@example.edu'));
    expect(stored.locale).toBe('fr');
  });

  it('an account without a chosen language gets English', async () => {
    const user = await createUser(t.db, 'mlnolocale');
    await createRole(t.db, w.a.id, 'Grader', ['CAN_ACCESS_ADMIN_DASHBOARD'], [user.id]);
    await notify(user.id);
    const mail = await readEml(t.db, user.email);
    expect(mail.subject).toBe('Your Courseware Admin account');
    expect(mail.text).toContain('with the role Grader.');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('the password reset in French, with its link in both parts', async () => {
    const user = await memberWith('mlreset', 'fr', 'active');
    const res = await t.app.inject({
      method: passwordResetApi.forgot.method,
      url: passwordResetApi.forgot.path,
      payload: { identifier: 'mlreset' },
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(200);
    const mail = await readEml(t.db, user.email);
    expect(mail.subject).toBe('Courseware Admin : choisissez un nouveau mot de passe');
    expect(mail.text).toContain('Votre nom d’utilisateur : mlreset');
    expect(mail.text).toMatch(/\/password\/reset\?token=[\w-]+/);
    expect(mail.html).toMatch(/<a href="[^"]+\/password\/reset\?token=[\w-]+">/);
  });

  it.each([
    [
      'fr',
      'Votre demande de copie de cours est terminée : 1 sur 3 créés',
      '- Biologie <101> : non créé (échec définitif)',
      '- Physique : non créé (échec : Le cours ne peut plus être copié : Copie non autorisée.)',
    ],
    [
      'zh',
      '您的课程复制请求已完成：已创建 1/3 个',
      '- Biologie <101>：未创建（永久失败）',
      '- Physique：未创建（失败：该课程已无法复制：不允许复制。）',
    ],
  ] as const)('the copy-finished e-mail in %s', async (locale, subject, failedLine, ruleLine) => {
    const to = `copy-${locale}@example.edu`;
    const message = renderMail('copyFinished', locale, to, {
      kind: 'copy',
      trackingId: 'req-42',
      rows: [
        { courseName: 'Chimie', status: 'succeeded' },
        { courseName: 'Biologie <101>', status: 'FailedPermanently' },
        { courseName: 'Physique', status: 'Failed', reason: 'Copy Not Permitted', reasonCode: 106 },
      ],
      link: 'https://admin.example.edu/institution',
    });
    await queueMail(t.db, t.app.jobs, message);
    const mail = await readEml(t.db, to);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(failedLine);
    expect(mail.text).toContain(ruleLine);
    expect(mail.text).toContain('req-42');
    expect(mail.html).toContain('Biologie &lt;101&gt;');
    expect(mail.html).not.toContain('<101>');
  });
});
