import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { audit } from '../../lib/audit';
import { createSection } from '../../test/course-fixtures';
import { bearer, createInstitution, createRole, createUser, login } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
let inst: number;
const ids: Record<string, number> = {};

const get = (qs: Record<string, string | number>, path = '/api/audit') =>
  t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(qs as Record<string, string>)}`,
    headers: bearer(token),
  });

beforeAll(async () => {
  t = await createTestApp();
  inst = (await createInstitution(t.db, 'Labels A')).id;
  ids.reg = (await createUser(t.db, 'lbl-reg')).id;
  ids.teacher = (await createUser(t.db, 'lbl-teacher')).id;
  ids.role = (await createRole(t.db, inst, 'Registrar', ADMIN_PERMISSIONS, [ids.reg])).id;
  ids.section = (
    await createSection(t.db, { institutionId: inst, courseName: 'COMM 120', sectionCode: '005' })
  ).id;
  token = await login(t.app, 'lbl-reg');
  const row = (action: string, entityType: string, entityId: number, userId: number) =>
    audit(t.db, { userId }, { action, entityType, entityId, institutionId: inst });
  await row('course.instructors', 'section', ids.section, ids.teacher);
  await row('user.update', 'user', ids.teacher, ids.reg);
  await row('role.update', 'role', ids.role, ids.reg);
  await row('course.edit', 'section', 987654, ids.reg);
});
afterAll(() => t.close());

describe('audit rows read as sentences', () => {
  it("gives each row the actor's name and the entity's name, resolved in the list", async () => {
    const res = await get({ organizationId: inst });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as {
      action: string;
      actorName: string | null;
      entityLabel: string | null;
    }[];
    expect(rows.map((r) => [r.action, r.actorName, r.entityLabel])).toEqual([
      ['course.edit', 'lbl-reg Tester', null],
      ['role.update', 'lbl-reg Tester', 'Registrar'],
      ['user.update', 'lbl-reg Tester', 'lbl-teacher Tester'],
      ['course.instructors', 'lbl-teacher Tester', 'COMM 120 005'],
    ]);
  });

  it('exports only the chosen actor’s rows as CSV', async () => {
    const res = await get({ organizationId: inst, actorUserId: ids.teacher }, '/api/audit/export');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${ids.teacher},lbl-teacher,`);
    expect(lines[0]).toContain('course.instructors');
  });
});

describe('GET /api/audit/actors', () => {
  it('finds by name only people who wrote audit rows of the institution', async () => {
    const all = await get({ organizationId: inst }, '/api/audit/actors');
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .actors.map((a: { username: string }) => a.username)
        .sort(),
    ).toEqual(['lbl-reg', 'lbl-teacher']);
    const some = await get({ organizationId: inst, q: 'teach' }, '/api/audit/actors');
    expect(some.json().actors).toEqual([
      { userId: ids.teacher, name: 'lbl-teacher Tester', username: 'lbl-teacher' },
    ]);
    expect((await get({ organizationId: inst, q: '%' }, '/api/audit/actors')).json().actors).toEqual([]);
  });
});
