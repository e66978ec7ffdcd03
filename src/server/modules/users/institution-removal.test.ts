import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recycleBinApi } from '../../../shared/contract/recycle-bin';
import { usersApi } from '../../../shared/contract/users';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, groupMembers, memberships, recycleBin, users } from '../../db/schema';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let a: number;
let b: number;
const id: Record<string, number> = {};

const remove = (who: string, userId: number, org = a) =>
  t.as(who).call(usersApi.removeFromInstitution, { params: { id: userId }, query: { organizationId: org } });
const restore = (who: string, binId: number) =>
  t.as(who).call(recycleBinApi.restore, { body: { organizationId: a, id: binId } });
const rolesIn = async (userId: number) =>
  (await t.db.select().from(groupMembers).where(eq(groupMembers.userId, userId))).map((r) => r.groupId);
const institutionsOf = async (userId: number) =>
  (await t.db.select().from(memberships).where(eq(memberships.userId, userId))).map((m) => m.institutionId);
const auditCount = async (action: string, outcome: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)))
  )[0].n;
const role: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = (await createInstitution(t.db, 'Removal A')).id;
  b = (await createInstitution(t.db, 'Removal B')).id;
  for (const name of ['rm-reg', 'rm-lim', 'rm-departed', 'rm-shared', 'rm-boss'])
    id[name] = (await createUser(t.db, name)).id;
  await createRole(t.db, a, 'Registrar', ADMIN_PERMISSIONS, [id['rm-reg'], id['rm-boss']]);
  await createRole(
    t.db,
    a,
    'Limited',
    ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_CREATE_EDIT_USERS'],
    [id['rm-lim']],
  );
  role.instructor = (
    await createRole(t.db, a, 'Instructor', ['CAN_COPY_EDIT_COURSES'], [id['rm-departed'], id['rm-shared']])
  ).id;
  role.bInstructor = (
    await createRole(t.db, b, 'Instructor', ['CAN_COPY_EDIT_COURSES'], [id['rm-shared']])
  ).id;
});
afterAll(() => t.close());

describe('remove a user from an institution', () => {
  it('removes their role and membership there, keeps the account and other institutions, audits', async () => {
    const res = await remove('rm-reg', id['rm-shared']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', rolesRemoved: 1 });
    expect(await rolesIn(id['rm-shared'])).toEqual([role.bInstructor]);
    expect(await institutionsOf(id['rm-shared'])).toEqual([b]);
    expect((await t.db.select().from(users).where(eq(users.id, id['rm-shared']))).length).toBe(1);
    expect(await auditCount('user.removeFromInstitution', 'ok')).toBe(1);
    const [entry] = await t.db.select().from(recycleBin).where(eq(recycleBin.id, res.json().recycleBinId));
    expect(entry).toMatchObject({ kind: 'membership', institutionId: a, entityId: id['rm-shared'] });
    expect(entry.name).toContain('Instructor');
  });

  it('puts them back from the recycle bin: role and membership as they were, audited', async () => {
    const removed = await remove('rm-reg', id['rm-departed']);
    expect(removed.statusCode).toBe(200);
    expect(await institutionsOf(id['rm-departed'])).toEqual([]);
    const res = await restore('rm-reg', removed.json().recycleBinId);
    expect(res.statusCode).toBe(200);
    expect(await rolesIn(id['rm-departed'])).toEqual([role.instructor]);
    expect(await institutionsOf(id['rm-departed'])).toEqual([a]);
    expect(await auditCount('user.restoreToInstitution', 'ok')).toBe(1);
  });

  it('refuses a user holding rights the actor lacks, naming them, and changes nothing (403)', async () => {
    const res = await remove('rm-lim', id['rm-boss']);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.aboveYourRightsUser');
    expect(res.json().description).toContain('rm-boss');
    expect(await institutionsOf(id['rm-boss'])).toEqual([a]);
    expect(await auditCount('user.removeFromInstitution', 'denied')).toBe(1);
  });

  it('refuses removing oneself (422) and a user of another institution (404)', async () => {
    expect((await remove('rm-reg', id['rm-reg'])).statusCode).toBe(422);
    expect(await institutionsOf(id['rm-reg'])).toEqual([a]);
    const other = await createUser(t.db, 'rm-other');
    await createRole(t.db, b, 'Other', [], [other.id]);
    expect((await remove('rm-reg', other.id)).statusCode).toBe(404);
  });
});
