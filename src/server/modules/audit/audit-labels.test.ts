import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditApi } from '../../../shared/contract/audit';
import type { RouteQuery } from '../../../shared/contract/route';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { audit } from '../../lib/audit';
import { createSection } from '../../test/course-fixtures';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let inst: number;
const ids: Record<string, number> = {};

type AuditRoute = (typeof auditApi)[keyof typeof auditApi];
const get = (qs: Record<string, string | number>, route: AuditRoute = auditApi.page) =>
  t.as('lbl-reg').call(route, {
    query: Object.fromEntries(Object.entries(qs).map(([k, v]) => [k, String(v)])) as RouteQuery<AuditRoute>,
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
    const res = await get({ organizationId: inst, actorUserId: ids.teacher }, auditApi.export);
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
    const all = await get({ organizationId: inst }, auditApi.actors);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .actors.map((a: { username: string }) => a.username)
        .sort(),
    ).toEqual(['lbl-reg', 'lbl-teacher']);
    const some = await get({ organizationId: inst, q: 'teach' }, auditApi.actors);
    expect(some.json().actors).toEqual([
      { userId: ids.teacher, name: 'lbl-teacher Tester', username: 'lbl-teacher' },
    ]);
    expect((await get({ organizationId: inst, q: '%' }, auditApi.actors)).json().actors).toEqual([]);
  });
});
