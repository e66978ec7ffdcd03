import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, institutions } from '../../db/schema';
import { createCourseWorld } from '../../test/course-fixtures';
import { bearer, login } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
const tok: Record<string, string> = {};

const settings = (over: object = {}) => ({
  censusDuration: 21,
  offerType: 'INCLUSIVE_ACCESS',
  orgInclusiveId: 'IA-100482',
  inclusiveAccess: true,
  version: 1,
  ...over,
});
const put = (
  who: string,
  orgId: number | string,
  body: object,
  path = 'updateInstitution',
  method: 'PUT' | 'POST' = 'PUT',
) =>
  t.app.inject({
    method,
    url: `/api/institution/${path}?organizationId=${orgId}`,
    headers: bearer(tok[who]),
    payload: body,
  });
const stored = async (id: number) =>
  (await t.db.select().from(institutions).where(eq(institutions.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'a');
  for (const who of ['areg', 'aboss', 'ainsider', 'asupport']) tok[who] = await login(t.app, who);
});
afterAll(() => t.close());

describe('updateInstitution (Inclusive Access page)', () => {
  it('lets a super admin save the four settings: saved flag, new version, audit row', async () => {
    const res = await put('aboss', w.a.id, settings());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      saved: true,
      institution: {
        censusDuration: 21,
        offerType: 'INCLUSIVE_ACCESS',
        orgInclusiveId: 'IA-100482',
        inclusiveAccess: true,
        version: 2,
      },
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'institution.update'), eq(auditLog.entityId, String(w.a.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].before).toMatchObject({ censusDuration: -1, inclusiveAccess: false });
  });

  it('answers 409 to the second of two saves made from the same version', async () => {
    const first = await put(
      'aboss',
      w.a.id,
      settings({ censusDuration: 14, version: 2 }),
      'updateInstitutionDetails',
      'POST',
    );
    expect(first.statusCode).toBe(200);
    const second = await put('aboss', w.a.id, settings({ censusDuration: 30, version: 2 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('error.versionConflict');
    expect((await stored(w.a.id)).censusDuration).toBe(14);
  });

  it('accepts census -1 (not set), no offer type and an empty inclusive id', async () => {
    const res = await put(
      'aboss',
      w.a.id,
      settings({ censusDuration: -1, offerType: null, orgInclusiveId: '', version: 3 }),
      'updateInstitutionDetails',
    );
    expect(res.json().institution).toMatchObject({
      censusDuration: -1,
      offerType: null,
      orgInclusiveId: null,
    });
  });

  it('answers 422 for bad settings and writes nothing', async () => {
    const bad = [
      settings({ censusDuration: 0, version: 4 }),
      settings({ censusDuration: 366, version: 4 }),
      settings({ censusDuration: 1.5, version: 4 }),
      settings({ offerType: 'FREE', version: 4 }),
      settings({ orgInclusiveId: 'x'.repeat(51), version: 4 }),
      settings({ inclusiveAccess: 'yes', version: 4 }),
      settings({ version: undefined }),
      settings({ version: 4, displayName: 'Renamed' }),
    ];
    for (const body of bad)
      expect((await put('aboss', w.a.id, body)).statusCode, JSON.stringify(body)).toBe(422);
    const row = await stored(w.a.id);
    expect(row.version).toBe(4);
    expect(row.displayName).toBe('a Alder College');
  });

  it('cannot update an empty institution (no organizationId) or an unknown one', async () => {
    expect((await put('aboss', '', settings({ version: 4 }))).statusCode).toBe(422);
    expect((await put('aboss', 987654, settings({ version: 1 }))).statusCode).toBe(404);
  });

  it('refuses nasupport, internal users and registrars (403, audited), who may still read', async () => {
    for (const who of ['asupport', 'ainsider', 'areg']) {
      expect((await put(who, w.a.id, settings({ version: 4 }))).statusCode, who).toBe(403);
    }
    const denied = await t.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'));
    expect(denied.length).toBe(3);
    for (const who of ['asupport', 'ainsider']) {
      const res = await t.app.inject({
        url: `/api/institution/institutionDetails/${w.b.id}`,
        headers: bearer(tok[who]),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await stored(w.a.id)).version).toBe(4);
  });
});
