import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, institutions, mailOutbox, users } from '../../db/schema';
import { createCourseWorld, createSection, createStudent, day, enroll } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { readEml } from '../../test/eml';
import { createInstitution } from '../../test/fixtures';
import { sendOptReminders } from './ia.reminders';

let t: TestApp;
const made: Record<string, { id: number }> = {};

async function student(sectionId: number, name: string, locale: string | null, opts = {}) {
  const s = await createStudent(t.db, made.inst.id, `rm-${name}`);
  await t.db.update(users).set({ locale }).where(eq(users.id, s.id));
  made[name] = await enroll(t.db, sectionId, s, opts);
}

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  const w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'rm');
  made.inst = w.a;
  await t.db.update(institutions).set({ offerType: 'INCLUSIVE_ACCESS' }).where(eq(institutions.id, w.a.id));
  const soon = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Chemistry 201',
    startDate: day(-8),
    censusDuration: 10,
  });
  const later = await createSection(t.db, { institutionId: w.a.id, startDate: day(-5), censusDuration: 10 });
  const locked = await createSection(t.db, {
    institutionId: w.a.id,
    startDate: day(-10),
    censusDuration: 10,
  });
  await student(soon.id, 'en', 'en');
  await student(soon.id, 'fr', 'fr');
  await student(soon.id, 'zh', 'zh');
  await student(soon.id, 'decided', 'en');
  await t.db.update(enrollments).set({ optDecidedAt: new Date() }).where(eq(enrollments.id, made.decided.id));
  await student(soon.id, 'ta', 'en');
  await t.db.update(enrollments).set({ courseRole: 'ta' }).where(eq(enrollments.id, made.ta.id));
  await student(later.id, 'later', 'en');
  await student(locked.id, 'locked', 'en');
});
afterAll(() => t.close());

describe('opt reminders', () => {
  it('reach each undecided student of a course near census once, in their language; none after the lock', async () => {
    expect(await sendOptReminders(t.db, t.app.jobs, 2, new Date())).toBe(3);
    expect(await sendOptReminders(t.db, t.app.jobs, 2, new Date())).toBe(0);
    const en = await readEml(t.db, 'rm-en@students.example.edu');
    expect(en.subject).toMatch(/^Chemistry 201: choose before census on \d\d\/\d\d\/\d{4}$/);
    expect(en.text).toContain('unless you opt out before census');
    expect(en.html).toContain('<html lang="en">');
    const fr = await readEml(t.db, 'rm-fr@students.example.edu');
    expect(fr.subject).toMatch(/^Chemistry 201 : faites votre choix avant le recensement du /);
    expect(fr.text).toContain('Bonjour rm-fr,');
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain('sauf si vous renoncez avant le recensement.');
    const zh = await readEml(t.db, 'rm-zh@students.example.edu');
    expect(zh.subject).toContain('请在普查日');
    expect(zh.text).toContain('rm-zh，您好：');
    const all = await t.db.select().from(mailOutbox).where(like(mailOutbox.to, 'rm-%'));
    expect(all.map((m) => m.to).sort()).toEqual([
      'rm-en@students.example.edu',
      'rm-fr@students.example.edu',
      'rm-zh@students.example.edu',
    ]);
    const [r] = await t.db.select().from(enrollments).where(eq(enrollments.id, made.en.id));
    expect(r.remindedAt).not.toBeNull();
  });
});

/**
 * The same instant is 11 June 01:00 at Kiritimati (UTC+14) and 10 June 00:00 at Pago Pago (UTC−11).
 * Each institution has a course with census on 13 June (two days away only at Kiritimati) and one on
 * 11 June (census day, locked, at Kiritimati; one day away at Pago Pago).
 */
describe("opt reminders in each institution's time zone", () => {
  const instant = new Date('2030-06-10T11:00:00Z');
  const zones = { kir: 'Pacific/Kiritimati', ppg: 'Pacific/Pago_Pago' } as const;

  it('remind at the same instant where census is two days away in the institution, not elsewhere', async () => {
    for (const [key, zone] of Object.entries(zones)) {
      const inst = await createInstitution(t.db, `tz ${key} College`);
      await t.db
        .update(institutions)
        .set({ offerType: 'OPT_IN', timeZone: zone })
        .where(eq(institutions.id, inst.id));
      made.inst = inst;
      const mk = (census: number, name: string) =>
        createSection(t.db, {
          institutionId: inst.id,
          courseName: name,
          startDate: '2030-06-01',
          endDate: '2030-08-01',
          censusDuration: census,
        });
      await student((await mk(12, `Census 13 June <${key}> & co`)).id, `${key}-13`, 'fr');
      await student((await mk(10, `Census 11 June ${key}`)).id, `${key}-11`, 'zh');
    }
    expect(await sendOptReminders(t.db, t.app.jobs, 2, instant)).toBe(2);
    const reminded = await t.db
      .select({ to: users.email })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(and(like(users.email, 'rm-%-1%'), isNotNull(enrollments.remindedAt)));
    expect(reminded.map((r) => r.to).sort()).toEqual([
      'rm-kir-13@students.example.edu',
      'rm-ppg-11@students.example.edu',
    ]);
    const kir = await readEml(t.db, 'rm-kir-13@students.example.edu');
    expect(kir.subject).toBe(
      'Census 13 June <kir> & co : faites votre choix avant le recensement du 06/13/2030',
    );
    expect(kir.text).toContain('sauf si vous adhérez avant le recensement');
    expect(kir.html).toContain('Census 13 June &lt;kir&gt; &amp; co');
    expect(kir.html).not.toContain('<kir>');
    const ppg = await readEml(t.db, 'rm-ppg-11@students.example.edu');
    expect(ppg.subject).toBe('Census 11 June ppg：请在普查日 06/11/2030 之前做出选择');
    expect(ppg.text).toContain('除非您在普查日前选择加入');
    const mails = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(like(mailOutbox.to, 'rm-%-1%'));
    expect(mails).toHaveLength(2);
  });
});
