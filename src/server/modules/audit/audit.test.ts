import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, auditApi } from '../../../shared/contract/audit';
import type { RouteQuery } from '../../../shared/contract/route';
import { auditLog } from '../../db/schema';
import { audit } from '../../lib/audit';
import { XLSX_TYPE } from '../../lib/xlsx';
import { createCourseWorld } from '../../test/course-fixtures';
import { createInstitution, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

type AuditRoute = typeof auditApi.page | typeof auditApi.export;
/** Some tests send malformed filters on purpose. */
const get = (who: string, qs: Record<string, string | number>, route: AuditRoute = auditApi.page) =>
  t.as(who).call(route, {
    query: Object.fromEntries(Object.entries(qs).map(([k, v]) => [k, String(v)])) as RouteQuery<AuditRoute>,
  });
const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'a');
  // signed in up front: a sign-in writes audit rows, which some tests count
  for (const who of ['areg', 'aviewer', 'aother', 'aboss', 'asupport', 'ainsider']) await t.as(who).token();
  const a = w.a.id;
  await audit(
    t.db,
    { userId: w.reg.id },
    {
      action: 'role.update',
      entityType: 'role',
      entityId: 7,
      institutionId: a,
      before: { name: 'Old', permissions: ['A'] },
      after: { name: 'New', permissions: ['A', 'B'] },
    },
  );
  await audit(
    t.db,
    { userId: w.other.id },
    {
      action: 'role.update',
      entityType: 'role',
      entityId: 7,
      institutionId: a,
      outcome: 'denied',
    },
  );
  await audit(
    t.db,
    { userId: w.reg.id },
    {
      action: 'section.update',
      entityType: 'section',
      entityId: 42,
      institutionId: a,
      before: { courseName: '=cmd()' },
      after: { courseName: 'Biology' },
    },
  );
  await audit(
    t.db,
    { userId: w.boss.id },
    {
      action: 'section.update',
      entityType: 'section',
      entityId: 99,
      institutionId: w.b.id,
    },
  );
  // a support user acting as the registrar of b (act-as): both identities
  await audit(
    t.db,
    { userId: w.boss.id, realUserId: w.reg.id },
    { action: 'request', entityType: 'request', entityId: 'GET /api/x', institutionId: w.b.id },
  );
});
afterAll(() => t.close());

describe('GET /api/audit', () => {
  it('lists the own institution rows newest first, with the actor and before/after', async () => {
    const res = await get('areg', { organizationId: w.a.id });
    expect(res.statusCode).toBe(200);
    const { rows, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(rows.map((r: { action: string; entityId: string }) => `${r.action}:${r.entityId}`)).toEqual([
      'section.update:42',
      'role.update:7',
      'role.update:7',
    ]);
    expect(rows[2]).toMatchObject({
      actorUserId: w.reg.id,
      actorUsername: 'areg',
      institutionId: w.a.id,
      outcome: 'done',
      before: { name: 'Old', permissions: ['A'] },
      after: { name: 'New', permissions: ['A', 'B'] },
    });
    expect(rows[1]).toMatchObject({ actorUsername: 'aother', outcome: 'refused', before: null });
  });

  it('names both identities of a row written under act-as: the real actor and the user acted as', async () => {
    const res = await get('asupport', { organizationId: w.b.id, action: 'request' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([
      expect.objectContaining({
        actorUserId: w.reg.id,
        actorUsername: 'areg',
        actingAsUserId: w.boss.id,
        actingAsUsername: 'aboss',
      }),
    ]);
    const csv = await get('asupport', { organizationId: w.b.id, action: 'request' }, auditApi.export);
    expect(csv.body).toContain(`,areg,${w.boss.id},aboss,`);
  });

  it('refuses another institution (403) and a dashboard viewer without CAN_CREATE_EDIT_ROLES; writes no row', async () => {
    const before = await auditRows();
    const foreign = await get('areg', { organizationId: w.b.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('error.accessDenied');
    expect((await get('aviewer', { organizationId: w.a.id })).statusCode).toBe(403);
    expect((await get('ainsider', { organizationId: w.a.id })).statusCode).toBe(403);
    expect((await get('areg', { organizationId: w.b.id }, auditApi.export)).statusCode).toBe(403);
    expect(await auditRows()).toBe(before);
  });

  it('lets staff read any institution', async () => {
    for (const who of ['aboss', 'asupport']) {
      const res = await get(who, { organizationId: w.b.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.map((r: { entityId: string }) => r.entityId)).toEqual(['GET /api/x', '99']);
    }
  });

  it('filters by actor, entity kind and id, action, outcome and date range', async () => {
    const ids = async (qs: Record<string, string | number>) => {
      const res = await get('areg', { organizationId: w.a.id, ...qs });
      expect(res.statusCode).toBe(200);
      return res.json().rows.map((r: { action: string; outcome: string }) => `${r.action}/${r.outcome}`);
    };
    expect(await ids({ actorUserId: w.other.id })).toEqual(['role.update/refused']);
    expect(await ids({ entityType: 'section', entityId: '42' })).toEqual(['section.update/done']);
    expect(await ids({ entityType: 'role', entityId: '8' })).toEqual([]);
    expect(await ids({ action: 'role.update' })).toEqual(['role.update/refused', 'role.update/done']);
    expect(await ids({ outcome: 'refused' })).toEqual(['role.update/refused']);
    expect(await ids({ outcome: 'done', entityType: 'role' })).toEqual(['role.update/done']);
    expect(await ids({ from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' })).toEqual([]);
    expect(await ids({ from: new Date(Date.now() - 3_600_000).toISOString() })).toHaveLength(3);
    expect(await ids({ to: new Date(Date.now() - 3_600_000).toISOString() })).toEqual([]);
  });

  it('answers 422, not 500, for a bad cursor, outcome, date or limit, and 404 for an unknown institution', async () => {
    const bad: Record<string, string | number>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from("x'); drop table audit_log;--|1").toString('base64url') },
      { cursor: Buffer.from('2026-13-45 99:00:00+00|1').toString('base64url') },
      { outcome: 'ok' },
      { from: 'yesterday' },
      { limit: 0 },
      { limit: 201 },
    ];
    for (const qs of bad) {
      const res = await get('aboss', { organizationId: w.a.id, ...qs });
      expect(res.statusCode, JSON.stringify(qs)).toBe(422);
    }
    expect((await get('aboss', { organizationId: 2_000_000_000 })).statusCode).toBe(404);
  });

  it('pages with a cursor: every row once, newest first, while new rows arrive', async () => {
    const inst = await createInstitution(t.db, 'Paging College');
    for (let i = 1; i <= 7; i++) {
      await audit(
        t.db,
        { userId: w.boss.id },
        { action: 'x.update', entityType: 'x', entityId: i, institutionId: inst.id },
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get('aboss', { organizationId: inst.id, limit: 3, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.rows.map((r: { entityId: string }) => r.entityId));
      cursor = body.nextCursor;
      if (pages++ === 0) {
        // Rows written after the first page do not shift the pages that follow.
        for (const i of [8, 9]) {
          await audit(
            t.db,
            { userId: w.boss.id },
            { action: 'x.update', entityType: 'x', entityId: i, institutionId: inst.id },
          );
        }
      }
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });
});

describe('GET /api/audit/export', () => {
  it('streams the filtered rows as CSV, formulas neutralised', async () => {
    const res = await get('areg', { organizationId: w.a.id, entityType: 'section' }, auditApi.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${w.reg.id},areg,,,${w.a.id},section.update,section,42,done,`);
    expect(lines[1]).toContain('"{""courseName"":""=cmd()""}"');
    expect(lines[1]).toContain('"{""courseName"":""Biology""}"');
  });

  it('streams the same rows as an .xlsx workbook with format=xlsx; a bad format is refused (422)', async () => {
    const qs = { organizationId: w.a.id, entityType: 'section' };
    const res = await get('areg', { ...qs, format: 'xlsx' }, auditApi.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('audit-log.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Audit log')!;
    const values = (n: number) => Array.from((sheet.getRow(n).values as unknown[]).slice(1), (v) => v ?? '');
    expect(values(1)).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(sheet.rowCount).toBe(2);
    expect(values(2).slice(2, 11)).toEqual([
      w.reg.id,
      'areg',
      '',
      '',
      w.a.id,
      'section.update',
      'section',
      '42',
      'done',
    ]);
    expect(values(2)[11]).toBe('{"courseName":"=cmd()"}');
    const bad = await get('areg', { ...qs, format: 'pdf' }, auditApi.export);
    expect(bad.statusCode).toBe(422);
  });

  it('exports more rows than one read batch, each once', async () => {
    const inst = await createInstitution(t.db, 'Export College');
    await t.db.insert(auditLog).values(
      Array.from({ length: 2500 }, (_, i) => ({
        action: 'bulk',
        entityType: 'x',
        entityId: String(i),
        institutionId: inst.id,
      })),
    );
    const res = await get('aboss', { organizationId: inst.id }, auditApi.export);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2500);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(2500);
    const stored = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.institutionId, inst.id));
    expect(stored[0].n).toBe(2500);
  });
});

describe('GET /api/audit: the names a row change refers to', () => {
  it('names the people and roles of the change (not ids), only those of the row', async () => {
    const inst = await createInstitution(t.db, 'Names College');
    const ana = await createUser(t.db, 'anames');
    const role = await createRole(t.db, inst.id, 'Teaching staff', [], []);
    const rows = [
      { action: 'user.addToInstitution', after: { userIds: [ana.id], groupId: role.id } },
      { action: 'role.update', before: { name: 'Old' }, after: { name: 'New' } },
    ];
    for (const r of rows)
      await audit(t.db, { userId: w.reg.id }, { ...r, entityType: 'user', institutionId: inst.id });
    const res = await get('aboss', { organizationId: inst.id });
    expect(res.statusCode).toBe(200);
    const [update, added] = res.json().rows;
    expect(added.names).toEqual({
      users: { [ana.id]: 'anames Tester' },
      groups: { [role.id]: 'Teaching staff' },
    });
    expect(update.names).toEqual({ users: {}, groups: {} });
  });
});
