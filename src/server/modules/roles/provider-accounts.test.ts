import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog, groupMembers, groups, users } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { isProviderEmail } from './provider-accounts';
import { rolesApi } from '../../../shared/contract/roles';

/** Only provider accounts (INTERNAL_EMAIL_DOMAINS) may hold the internal-user role. */
let t: TestApp;
let internalId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { INTERNAL_EMAIL_DOMAINS: 'provider.example.com, Staff.Example.org' } });
  const [g] = await t.db.select().from(groups).where(eq(groups.externalId, t.app.config.internalGroupId));
  internalId = g.id;
  const admin = await createUser(t.db, 'pa-boss', { superAdmin: true });
  expect(admin.superAdmin).toBe(true);
  await t.as('pa-boss').token();
});
afterAll(() => t.close());

const add = (memberIds: number[]) =>
  t.as('pa-boss').call(rolesApi.addMembers, {
    body: { groupId: internalId, memberType: 'identity_id', memberIds },
  });
/** A user whose e-mail address is `email`. */
async function userWith(username: string, email: string) {
  const u = await createUser(t.db, username);
  await t.db.update(users).set({ email }).where(eq(users.id, u.id));
  return u;
}
const isInternal = async (userId: number) =>
  (
    await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, internalId), eq(groupMembers.userId, userId)))
  ).length > 0;

describe('INTERNAL_EMAIL_DOMAINS', () => {
  it('defaults to the demo provider domain and reads a comma list', () => {
    expect(loadConfig({}).internalEmailDomains).toEqual(['courseware.example.com']);
    expect(
      loadConfig({ INTERNAL_EMAIL_DOMAINS: ' a.example.com,B.example.org ' }).internalEmailDomains,
    ).toEqual(['a.example.com', 'b.example.org']);
    expect(() => loadConfig({ INTERNAL_EMAIL_DOMAINS: 'not a domain' })).toThrow(
      /^Invalid configuration: INTERNAL_EMAIL_DOMAINS=/,
    );
    expect(() => loadConfig({ INTERNAL_EMAIL_DOMAINS: ' , ' })).toThrow(/INTERNAL_EMAIL_DOMAINS/);
  });

  it('matches a domain and its subdomains, nothing that merely ends alike', () => {
    const d = ['courseware.example.com'];
    expect(isProviderEmail('ann@courseware.example.com', d)).toBe(true);
    expect(isProviderEmail('Ann@Demo.Courseware.Example.com', d)).toBe(true);
    expect(isProviderEmail('ann@evilcourseware.example.com', d)).toBe(false);
    expect(isProviderEmail('ann@courseware.example.com.evil.org', d)).toBe(false);
    expect(isProviderEmail('ann@college.edu', d)).toBe(false);
  });
});

describe('POST /api/groupAuth/groupMember on the internal group', () => {
  it('gives the role to a provider account', async () => {
    const staff = await userWith('pa-staff', 'pa-staff@Staff.Example.org');
    const res = await add([staff.id]);
    expect(res.statusCode).toBe(200);
    expect(await isInternal(staff.id)).toBe(true);
  });

  it('refuses an institution account with a clear message, adds nobody and audits the refusal', async () => {
    const teacher = await userWith('pa-teacher', 'pa-teacher@college.edu');
    const staff = await userWith('pa-staff2', 'pa-staff2@provider.example.com');
    const res = await add([staff.id, teacher.id]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'error.notProviderAccount',
      description:
        'Only provider accounts can be internal users: pa-teacher@college.edu is not an e-mail address of provider.example.com, staff.example.org.',
      params: { email: 'pa-teacher@college.edu', domains: 'provider.example.com, staff.example.org' },
    });
    expect(await isInternal(teacher.id)).toBe(false);
    expect(await isInternal(staff.id)).toBe(false);
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'internalUser.add'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
  });
});
