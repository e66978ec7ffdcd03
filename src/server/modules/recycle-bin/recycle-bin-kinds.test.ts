import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecycleKind, recycleBinApi } from '../../../shared/contract/recycle-bin';
import { auditLog, recycleBin } from '../../db/schema';
import { createCourseWorld } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { binKinds } from './recycle-bin.kinds';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'rk');
  await t.as('rkboss').token();
});
afterAll(() => t.close());

const snapshot = async () => ({
  bin: await t.db.select().from(recycleBin).orderBy(recycleBin.id),
  audit: (await t.db.select({ id: auditLog.id }).from(auditLog)).length,
});

describe('recycle bin: kinds', () => {
  it('the app defines every kind the contract names, and only those', () => {
    expect(
      binKinds()
        .map((k) => k.kind)
        .sort(),
    ).toEqual([...RecycleKind.options].sort());
  });

  it('a list naming an unknown kind is refused (422) and changes nothing', async () => {
    const before = await snapshot();
    const res = await t.as('rkboss').get(`${recycleBinApi.list.path}?organizationId=${w.a.id}&kind=bogus`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.validation');
    expect(await snapshot()).toEqual(before);
  });

  it('an entry of a kind no feature defines is not found (404), stays in the bin, and nothing changes', async () => {
    const [row] = await t.db
      .insert(recycleBin)
      .values({ kind: 'bogus', institutionId: w.a.id, entityId: 1, name: 'Unknown thing', snapshot: {} })
      .returning();
    const before = await snapshot();
    const res = await t
      .as('rkboss')
      .call(recycleBinApi.restore, { body: { organizationId: w.a.id, id: row.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('error.recycleBinEntryNotFound');
    expect(await snapshot()).toEqual(before);
    expect(await t.db.select().from(recycleBin).where(eq(recycleBin.id, row.id))).toEqual([row]);
  });
});
