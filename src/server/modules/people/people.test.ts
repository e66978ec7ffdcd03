import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleApi } from '../../../shared/contract/people';
import type { RouteQuery } from '../../../shared/contract/route';
import { memberships, users } from '../../db/schema';
import { userTextMatch } from '../users';
import { addToInternalGroup, createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let ids: { north: number; south: number; wanda: number };

const find = (who: string, query: RouteQuery<typeof peopleApi.find>) =>
  t.as(who).call(peopleApi.find, { query });

beforeAll(async () => {
  t = await createTestApp();
  const north = await createInstitution(t.db, 'North Campus People');
  const south = await createInstitution(t.db, 'South Campus People');
  const wanda = await createUser(t.db, 'wanda-departed');
  await createRole(t.db, north.id, 'Instructor', ['CAN_COPY_EDIT_COURSES'], [wanda.id]);
  await createRole(t.db, south.id, 'Registrar', ['CAN_ACCESS_ADMIN_DASHBOARD'], [wanda.id]);
  await t.db.insert(memberships).values({
    userId: (await createUser(t.db, 'wanda-student')).id,
    institutionId: south.id,
    courseRole: 'student',
  });
  for (let i = 0; i < 3; i++) await createUser(t.db, `pager-person-${i}`);
  await createUser(t.db, 'pp-super', { superAdmin: true });
  await createUser(t.db, 'pp-support', { nasupport: true });
  const insider = await createUser(t.db, 'pp-insider');
  await addToInternalGroup(t.db, t.app.config.internalGroupId, insider.id);
  const registrar = await createUser(t.db, 'pp-registrar');
  await createRole(
    t.db,
    north.id,
    'Admin',
    ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_CREATE_EDIT_ROLES'],
    [registrar.id],
  );
  ids = { north: north.id, south: south.id, wanda: wanda.id };
});
afterAll(() => t.close());

describe('find a person (GET /api/people)', () => {
  it('finds a person by part of the e-mail with every institution and the roles held there', async () => {
    const res = await find('pp-super', { q: 'WANDA-DEP' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.people[0]).toMatchObject({
      userId: ids.wanda,
      email: 'wanda-departed@example.edu',
      username: 'wanda-departed',
      status: 'active',
      institutions: [
        { orgId: ids.north, displayName: 'North Campus People', courseRole: 'admin', roles: ['Instructor'] },
        { orgId: ids.south, displayName: 'South Campus People', courseRole: 'admin', roles: ['Registrar'] },
      ],
    });
  });

  it('lists memberships without a role too (a student), and matches the name', async () => {
    const body = (await find('pp-support', { q: 'wanda' })).json();
    expect(body.people.map((p: { username: string }) => p.username).sort()).toEqual([
      'wanda-departed',
      'wanda-student',
    ]);
    const student = body.people.find((p: { username: string }) => p.username === 'wanda-student');
    expect(student.institutions).toEqual([
      { orgId: ids.south, displayName: 'South Campus People', courseRole: 'student', roles: [] },
    ]);
  });

  it('pages the results: the total over all pages, pageSize per page, by name', async () => {
    const first = (await find('pp-insider', { q: 'pager-person', pageSize: 2 })).json();
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.people).toHaveLength(2);
    const second = (await find('pp-insider', { q: 'pager-person', pageSize: 2, page: 2 })).json();
    expect(second.people.map((p: { username: string }) => p.username)).toEqual(['pager-person-2']);
  });

  it('refuses a search shorter than 2 characters and a bad page size with 422', async () => {
    for (const query of [{ q: 'a' }, { q: '' }, { q: 'wanda', pageSize: 500 }, { q: 'wanda', page: 0 }]) {
      const res = await find('pp-super', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().message).toBe('error.validation');
    }
  });

  it('is for provider staff only: an institution administrator is refused 403', async () => {
    const res = await find('pp-registrar', { q: 'wanda' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.accessDenied');
  });
});

describe('find a person uses the trigram indexes', () => {
  it('counts matches by name, e-mail and user name without a sequential scan of users', async () => {
    // sequential scans off for the transaction: the few test rows would rightly prefer one; an index
    // path must still exist (the planner falls back to a sequential scan only when there is none)
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ n: count() }).from(users).where(userTextMatch('wanda'));
      const res = (await tx.execute(sql`explain (costs off) ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan on users/);
    for (const index of ['users_full_name_trgm', 'users_email_trgm', 'users_username_trgm'])
      expect(plan).toMatch(new RegExp(`Bitmap Index Scan on ${index}`));
  });
});
