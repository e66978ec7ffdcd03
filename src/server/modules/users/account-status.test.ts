import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { authApi } from '../../../shared/contract/auth';
import { pathOf } from '../../../shared/contract/route';
import { usersApi } from '../../../shared/contract/users';
import { auditLog, sessions, users } from '../../db/schema';
import { createInstitution, createRole, createUser, login } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let a: number;
let b: number;
const id: Record<string, number> = {};

const setStatus = (who: string, userId: number, status: 'active' | 'disabled', org = a) =>
  t
    .as(who)
    .call(usersApi.setStatus, { params: { id: userId }, query: { organizationId: org }, body: { status } });
const statusOf = async (userId: number) =>
  (await t.db.select({ s: users.status }).from(users).where(eq(users.id, userId)))[0].s;
const sessionsOf = async (userId: number) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0].n;
const auditCount = async (action: string, outcome?: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), outcome ? eq(auditLog.outcome, outcome) : undefined))
  )[0].n;

beforeAll(async () => {
  t = await createTestApp();
  a = (await createInstitution(t.db, 'Status A')).id;
  b = (await createInstitution(t.db, 'Status B')).id;
  for (const name of ['st-reg', 'st-departed', 'st-shared', 'st-boss', 'st-super'])
    id[name] = (await createUser(t.db, name, { superAdmin: name === 'st-super' })).id;
  await createRole(t.db, a, 'Registrar', ADMIN_PERMISSIONS, [id['st-reg'], id['st-boss']]);
  await createRole(t.db, a, 'Instructor', ['CAN_COPY_EDIT_COURSES'], [id['st-departed'], id['st-shared']]);
  await createRole(t.db, b, 'Instructor', ['CAN_COPY_EDIT_COURSES'], [id['st-shared']]);
  // a super admin's rights are those of their roles (here a provider role elsewhere), plus the flag
  await createRole(t.db, b, 'Provider', ADMIN_PERMISSIONS, [id['st-super']]);
});
afterAll(() => t.close());

describe('deactivate and reactivate an account', () => {
  it('deactivation blocks password sign-in and ends every session, with an audit row', async () => {
    const departed = t.as('st-departed');
    await departed.token();
    expect(await sessionsOf(id['st-departed'])).toBeGreaterThan(0);
    const res = await setStatus('st-reg', id['st-departed'], 'disabled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', accountStatus: 'disabled' });
    expect(res.json().sessionsEnded).toBeGreaterThan(0);
    expect(await statusOf(id['st-departed'])).toBe('disabled');
    expect(await sessionsOf(id['st-departed'])).toBe(0);
    const me = await departed.call(authApi.session);
    expect(me.statusCode).toBe(401);
    await expect(login(t.app, 'st-departed')).rejects.toThrow(/401/);
    expect(await auditCount('user.deactivate', 'ok')).toBe(1);
  });

  it('reactivation restores sign-in', async () => {
    const res = await setStatus('st-reg', id['st-departed'], 'active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountStatus: 'active', sessionsEnded: 0 });
    expect(await login(t.app, 'st-departed')).toBeTruthy();
    expect(await auditCount('user.reactivate', 'ok')).toBe(1);
  });

  it('an account of another institution too: refused to its partial administrator, allowed to a super admin', async () => {
    const refused = await setStatus('st-reg', id['st-shared'], 'disabled');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('error.sharedAccountStatus');
    expect(await statusOf(id['st-shared'])).toBe('active');
    expect(await auditCount('user.deactivate', 'denied')).toBe(1);
    const allowed = await setStatus('st-super', id['st-shared'], 'disabled');
    expect(allowed.statusCode).toBe(200);
    expect(await statusOf(id['st-shared'])).toBe('disabled');
  });

  it("refuses one's own account and a bad status with 422, changing nothing", async () => {
    const self = await setStatus('st-reg', id['st-reg'], 'disabled');
    expect(self.statusCode).toBe(422);
    const bad = await t
      .as('st-reg')
      .put(
        pathOf(usersApi.setStatus, { id: id['st-boss'] }),
        { status: 'deleted' },
        { query: { organizationId: String(a) } },
      );
    expect(bad.statusCode).toBe(422);
    expect(await statusOf(id['st-reg'])).toBe('active');
    expect(await statusOf(id['st-boss'])).toBe('active');
  });

  it('answers 404 for an unknown user and for a user of another institution', async () => {
    expect((await setStatus('st-reg', 999_999, 'disabled')).statusCode).toBe(404);
    const outsider = (await createUser(t.db, 'st-outsider')).id;
    await createRole(t.db, b, 'Helper', ['CAN_COPY_EDIT_COURSES'], [outsider]);
    expect((await setStatus('st-reg', outsider, 'disabled')).statusCode).toBe(404);
    expect((await setStatus('st-reg', outsider, 'disabled', b)).statusCode).toBe(403);
    expect(await statusOf(outsider)).toBe('active');
  });
});
