import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optOutApi } from '../../shared/contract/opt-out';
import { pathOf, urlOf } from '../../shared/contract/route';
import { usersApi } from '../../shared/contract/users';
import { users } from '../db/schema';
import { createCourseWorld, createSection, createStudent, enroll } from './course-fixtures';
import { bearer, login } from './fixtures';
import { createTestApp, type TestApp } from './harness';

// Texts the server writes for the web (422 field messages, the opt-out file's per-row reasons) are in
// the language of the request's Accept-Language, which the web sets to the language it shows.
let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'sl');
  token = await login(t.app, 'slreg');
  const bio = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Biology',
    sectionCode: 'SL-BIO',
  });
  await enroll(t.db, bio.id, await createStudent(t.db, w.a.id, 'slada'));
});
afterAll(() => t.close());

const createUser = (lang: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: usersApi.createPiUser.method,
    url: pathOf(usersApi.createPiUser, { id: w.a.id }),
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
    payload: { firstName: 'Eve', lastName: 'Stone', email: 'sl.eve@example.edu', username: 'sleve', ...body },
  });

describe('422 field messages in the language of the request', () => {
  it.each([
    [undefined, 'A name may not start with =, + or @.', 'Role is required.'],
    ['en-US,en;q=0.9', 'A name may not start with =, + or @.', 'Role is required.'],
    ['fr-CA,fr;q=0.9,en;q=0.5', 'Un nom ne peut pas commencer par =, + ou @.', 'Le rôle est obligatoire.'],
    ['zh', '名称不能以 =、+ 或 @ 开头。', '角色为必填项。'],
  ])('Accept-Language %s: the contract’s own messages', async (lang, name, role) => {
    const res = await createUser(lang, { firstName: '=Eve' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('error.validation');
    expect(body.fields.firstName).toBe(name);
    expect(body.fields.groupId).toBe(role);
    expect(await t.db.select().from(users).where(eq(users.username, 'sleve'))).toEqual([]);
  });

  it('zod’s own messages by their code and bounds, in French and Chinese', async () => {
    const fr = (await createUser('fr', { groupId: 1, lastName: 'x'.repeat(101), username: 3 })).json();
    expect(fr.fields.lastName).toBe('Au plus 100 caractères.');
    expect(fr.fields.username).toBe('La valeur n’est pas valide.');
    const zh = (await createUser('zh', { email: 5, lastName: '' })).json();
    expect(zh.fields.email).toBe('该值无效。');
    expect(zh.fields.lastName).toBe('姓名为必填项。');
  });
});

describe('opt-out file reasons in the language of the request', () => {
  const CSV =
    'email,sectionCode,optStatus\nslada@example.edu,SL-BIO,maybe\n,SL-BIO,optout\nnobody@example.edu,SL-BIO,optout\n';
  const upload = (lang: string) => {
    const boundary = 'sl-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.csv"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n--${boundary}--\r\n`;
    return t.app.inject({
      method: optOutApi.upload.method,
      url: urlOf(optOutApi.upload, { query: { organizationId: w.a.id } }),
      headers: {
        ...bearer(token),
        'accept-language': lang,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  };
  const report = (fileId: number, lang: string) =>
    t.app.inject({
      method: optOutApi.report.method,
      url: urlOf(optOutApi.report, { query: { fileId } }),
      headers: { ...bearer(token), 'accept-language': lang },
    });

  it('upload answer and stored report: each row’s reason in fr, zh and en', async () => {
    const res = await upload('fr');
    expect(res.statusCode).toBe(200);
    const messages = (b: { report: { message: string | null }[] }) => b.report.map((r) => r.message);
    expect(messages(res.json())).toEqual([
      'Le statut « maybe » n’est ni optin ni optout.',
      'Aucun courriel ni nom d’utilisateur d’étudiant.',
      'Cet étudiant n’est pas inscrit à cette section de cet établissement.',
    ]);
    const { fileId } = res.json();
    expect(messages((await report(fileId, 'zh')).json())).toEqual([
      '选择状态“maybe”不是 optin 或 optout。',
      '没有学生电子邮件或用户名。',
      '该学生未注册此机构的这个课程节。',
    ]);
    expect(messages((await report(fileId, 'en')).json())).toEqual([
      'Opt status "maybe" is not optin or optout.',
      'No student e-mail or username.',
      'This student is not enrolled in this section of this institution.',
    ]);
  });
});
