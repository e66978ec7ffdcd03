import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToolsApi } from '../../../shared/contract/admin-tools';
import { institutionsApi } from '../../../shared/contract/institutions';
import type { RouteBody, RouteQuery } from '../../../shared/contract/route';
import { auditLog, institutions } from '../../db/schema';
import { createCourseWorld } from '../../test/course-fixtures';
import { createInstitution } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

const settings = (over: object = {}) => ({
  censusDuration: 21,
  offerType: 'INCLUSIVE_ACCESS',
  orgInclusiveId: 'IA-100482',
  inclusiveAccess: true,
  version: 1,
  ...over,
});
type SaveRoute = (typeof adminToolsApi)[keyof typeof adminToolsApi];
/** Some tests send malformed settings on purpose. */
const put = (
  who: string,
  orgId: number | string,
  body: object,
  route: SaveRoute = adminToolsApi.updateInstitution,
) =>
  t.as(who).call(route, {
    query: { organizationId: orgId } as RouteQuery<SaveRoute>,
    body: body as RouteBody<SaveRoute>,
  });
const stored = async (id: number) =>
  (await t.db.select().from(institutions).where(eq(institutions.id, id)))[0];
let fresh = 0;
/** An institution of its own for one test, at version 1: no test depends on another's saves. */
const freshInstitution = () => createInstitution(t.db, `a Fresh College ${++fresh}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'a');
  for (const who of ['areg', 'aboss', 'ainsider', 'asupport']) await t.as(who).token();
});
afterAll(() => t.close());

describe('updateInstitution (Inclusive Access page)', () => {
  it('lets a super admin save the four settings: saved flag, new version, audit row', async () => {
    const inst = await freshInstitution();
    const res = await put('aboss', inst.id, settings());
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
    expect(await stored(inst.id)).toMatchObject({
      censusDuration: 21,
      offerType: 'INCLUSIVE_ACCESS',
      orgInclusiveId: 'IA-100482',
      inclusiveAccess: true,
      version: 2,
      displayName: inst.displayName,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'institution.update'), eq(auditLog.entityId, String(inst.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].before).toMatchObject({ censusDuration: -1, inclusiveAccess: false });
  });

  it('answers 409 to the second of two saves made from the same version', async () => {
    const inst = await freshInstitution();
    const first = await put(
      'aboss',
      inst.id,
      settings({ censusDuration: 14, version: 1 }),
      adminToolsApi.updateDetailsPost,
    );
    expect(first.statusCode).toBe(200);
    const afterFirst = await stored(inst.id);
    expect(afterFirst).toMatchObject({ censusDuration: 14, version: 2 });
    const second = await put('aboss', inst.id, settings({ censusDuration: 30, version: 1 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('error.settingsVersionConflict');
    expect(await stored(inst.id)).toEqual(afterFirst);
  });

  it('accepts census -1 (not set), no offer type and an empty inclusive id', async () => {
    const inst = await freshInstitution();
    expect((await put('aboss', inst.id, settings())).statusCode).toBe(200);
    const res = await put(
      'aboss',
      inst.id,
      settings({ censusDuration: -1, offerType: null, orgInclusiveId: '', version: 2 }),
      adminToolsApi.updateDetails,
    );
    expect(res.statusCode).toBe(200);
    const expected = { censusDuration: -1, offerType: null, orgInclusiveId: null, version: 3 };
    expect(res.json().institution).toMatchObject(expected);
    expect(await stored(inst.id)).toMatchObject(expected);
  });

  it('answers 422 for bad settings and writes nothing', async () => {
    const inst = await freshInstitution();
    const before = await stored(inst.id);
    const bad = [
      settings({ censusDuration: 0 }),
      settings({ censusDuration: 366 }),
      settings({ censusDuration: 1.5 }),
      settings({ offerType: 'FREE' }),
      settings({ orgInclusiveId: 'x'.repeat(51) }),
      settings({ inclusiveAccess: 'yes' }),
      settings({ version: undefined }),
      settings({ displayName: 'Renamed' }),
    ];
    for (const body of bad)
      expect((await put('aboss', inst.id, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(await stored(inst.id)).toEqual(before);
  });

  it('cannot update an empty institution (no organizationId) or an unknown one', async () => {
    expect((await put('aboss', '', settings())).statusCode).toBe(422);
    expect((await put('aboss', 987654, settings())).statusCode).toBe(404);
  });

  it('refuses nasupport, internal users and registrars (403, audited), who may still read', async () => {
    const before = await stored(w.a.id);
    const deniedBefore = (await t.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'))).length;
    for (const who of ['asupport', 'ainsider', 'areg']) {
      expect((await put(who, w.a.id, settings({ version: before.version }))).statusCode, who).toBe(403);
    }
    const denied = await t.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'));
    expect(denied.length).toBe(deniedBefore + 3);
    for (const who of ['asupport', 'ainsider']) {
      const res = await t.as(who).call(institutionsApi.details, { params: { organizationId: w.b.id } });
      expect(res.statusCode).toBe(200);
    }
    expect(await stored(w.a.id)).toEqual(before);
  });
});
