import { readFile } from 'node:fs/promises';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, institutions, mailOutbox, users } from '../../db/schema';
import { createCourseWorld, createSection, createStudent, day, enroll } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
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

const emlOf = async (to: string) => {
  const row = await waitFor(async () => {
    const [r] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return r?.status === 'stored' ? r : undefined;
  });
  return readFile(row.emlPath!, 'utf8');
};
/** The text of an .eml as a reader sees it (quoted-printable or base64 body decoded). */
const decoded = (eml: string) => {
  const body = eml
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  if (/quoted-printable/i.test(eml)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return /base64/i.test(eml) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
};

describe('opt reminders', () => {
  it('reach each undecided student of a course near census once, in their language; none after the lock', async () => {
    expect(await sendOptReminders(t.db, t.app.jobs, 2, new Date())).toBe(3);
    expect(await sendOptReminders(t.db, t.app.jobs, 2, new Date())).toBe(0);
    const en = await emlOf('rm-en@students.example.edu');
    expect(en).toContain('Chemistry 201: choose before census');
    expect(decoded(en)).toContain('unless you opt out before census');
    const fr = await emlOf('rm-fr@students.example.edu');
    expect(decoded(fr)).toMatch(/recensement/);
    const zh = await emlOf('rm-zh@students.example.edu');
    expect(decoded(zh)).toContain('普查日');
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
