import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inclusiveAccessApi } from '../../../shared/contract/inclusive-access';
import { rostersApi } from '../../../shared/contract/rosters';
import { enrollments, institutions } from '../../db/schema';
import { createSection, createStudent, enroll } from '../../test/course-fixtures';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The opt lock on an injected clock in institutions whose "today" is not UTC's: at 10:30 UTC on
 * 10 June it is already 11 June 00:30 at Kiritimati (UTC+14) and still 9 June 23:30 at Pago Pago
 * (UTC−11). Census on 10 June is UTC's census day, but tomorrow at Pago Pago and yesterday at
 * Kiritimati; census on 11 June is Kiritimati's census day.
 */
const INSTANT = new Date('2030-06-10T10:30:00Z');
let t: TestApp;
const inst: Record<'kir' | 'ppg', number> = { kir: 0, ppg: 0 };
const made: Record<string, { section: number; enrollment: number }> = {};

const opt = (who: string, k: string, body: { reason?: string } = {}) =>
  t.as(who).call(inclusiveAccessApi.optStatus, {
    query: { sectionId: made[k].section },
    body: { enrollmentId: made[k].enrollment, optStatus: 'optout', ...body },
  });
const roster = async (k: string) =>
  (await t.as('tzadmin').call(rostersApi.roster, { query: { sectionId: made[k].section } })).json();
const status = async (k: string) =>
  (await t.db.select().from(enrollments).where(eq(enrollments.id, made[k].enrollment)))[0].optStatus;

beforeAll(async () => {
  t = await createTestApp({ now: () => INSTANT });
  const clerk = await createUser(t.db, 'tzclerk');
  for (const [k, zone] of [
    ['kir', 'Pacific/Kiritimati'],
    ['ppg', 'Pacific/Pago_Pago'],
  ] as const) {
    const i = await createInstitution(t.db, `Lock ${k} College`);
    inst[k] = i.id;
    await t.db
      .update(institutions)
      .set({ offerType: 'INCLUSIVE_ACCESS', timeZone: zone })
      .where(eq(institutions.id, i.id));
    await createRole(t.db, i.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_ENROLL_STUDENTS'], [clerk.id]);
    // Census = 1 June + duration: 9 → 10 June, 10 → 11 June, 11 → 12 June.
    for (const [census, days] of [
      ['10', 9],
      ['11', 10],
      ['12', 11],
    ] as const) {
      const s = await createSection(t.db, {
        institutionId: i.id,
        startDate: '2030-06-01',
        endDate: '2030-08-01',
        censusDuration: days,
      });
      const student = await createStudent(t.db, i.id, `tz-${k}-${census}`);
      const e = await enroll(t.db, s.id, student, { accessType: 'PAID', endsInDays: null });
      made[`${k}${census}`] = { section: s.id, enrollment: e.id };
    }
  }
  const admin = await createUser(t.db, 'tzadmin');
  for (const id of Object.values(inst))
    await createRole(
      t.db,
      id,
      'Administrator',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
      [admin.id],
    );
});
afterAll(() => t.close());

describe('the opt lock follows the institution’s day, not UTC’s', () => {
  it('Kiritimati, census 12 June: before census (1 day left); the change is not late', async () => {
    expect((await roster('kir12')).window).toMatchObject({
      censusDate: '2030-06-12',
      daysLeft: 1,
      locked: false,
    });
    const res = await opt('tzclerk', 'kir12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ late: false, optStatus: 'optout' });
  });

  it('Kiritimati, census 11 June (tomorrow in UTC): census day there, locked; refused without the right', async () => {
    expect((await roster('kir11')).window).toMatchObject({
      censusDate: '2030-06-11',
      daysLeft: 0,
      locked: true,
    });
    const res = await opt('tzclerk', 'kir11');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.optLocked');
    expect(await status('kir11')).toBe('optin');
  });

  it('Kiritimati, census 10 June: after census; a late override with a reason', async () => {
    expect((await roster('kir10')).window).toMatchObject({ daysLeft: -1, locked: true });
    expect((await opt('tzadmin', 'kir10')).json().message).toBe('error.optReasonRequired');
    const res = await opt('tzadmin', 'kir10', { reason: 'Registrar confirmed the withdrawal' });
    expect(res.json()).toMatchObject({ late: true, optStatus: 'optout' });
  });

  it('Pago Pago, census 10 June (census day in UTC): still open there, the day before', async () => {
    expect((await roster('ppg10')).window).toMatchObject({
      censusDate: '2030-06-10',
      daysLeft: 1,
      locked: false,
    });
    const res = await opt('tzclerk', 'ppg10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ late: false });
    expect(await status('ppg10')).toBe('optout');
  });
});
