import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkImport } from '../../../shared/contract/bulk-accounts';
import { accountRequests, auditLog, groupMembers, mailOutbox, memberships, users } from '../../db/schema';
import { readEml } from '../../test/eml';
import { bulkAccountsApi } from '../../../shared/contract/bulk-accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { waitFor } from '../../test/wait-for';
import { multipart, XLSX_TYPE, xlsx } from '../../test/xlsx-files';

/** When set, the next batch insert of users fails as if an account had been created meanwhile. */
const failNextBatch = vi.hoisted(() => ({ on: false }));

vi.mock('./bulk-accounts.queries', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./bulk-accounts.queries')>();
  return {
    ...actual,
    insertUsers: async (...args: Parameters<typeof actual.insertUsers>) => {
      if (failNextBatch.on) {
        failNextBatch.on = false;
        throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
      }
      return actual.insertUsers(...args);
    },
  };
});

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  w = await createUsersWorld(t.db, 'p');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

/** Uploads, previews and commits `rows` from an administrator whose app is in `lang`. */
async function importFile(rows: string[][], lang: string): Promise<BulkImport> {
  const body = multipart('batch.xlsx', await xlsx(rows), XLSX_TYPE);
  const res = await as('reg').post(bulkAccountsApi.upload.path, body.payload, {
    query: { organizationId: String(w.a.id) },
    headers: body.headers,
  });
  expect(res.statusCode).toBe(202);
  const importId = res.json().importId as string;
  const status = async (states: string[]) =>
    waitFor(async () => {
      const r = (await as('reg').call(bulkAccountsApi.get, { params: { importId } })).json() as BulkImport;
      return states.includes(r.status) ? r : undefined;
    });
  // waiting for 'failed' too, so a failed preview shows its reason instead of a timeout
  expect(await status(['previewed', 'failed'])).toMatchObject({ status: 'previewed', error: null });
  const commit = await as('reg').call(bulkAccountsApi.commit, {
    params: { importId },
    body: { mode: 'createAndUpdate', validOnly: true },
    headers: { 'accept-language': lang },
  });
  expect(commit.statusCode).toBe(202);
  return status(['done', 'failed']);
}

const mailsTo = async (pattern: string) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(like(mailOutbox.to, pattern))
  )[0].n;

describe('apply job, a batch at a time', () => {
  it('creates, renames and moves accounts in one batch, with results, audit rows and setup e-mails', async () => {
    const [teacher] = await t.db.select().from(users).where(eq(users.id, w.instructors[3].id));
    const imp = await importFile(
      [
        ['Nina', 'New', 'nina.new@batch.example.edu', '', 'Instructor'],
        ['Omar', 'New', 'omar.new@batch.example.edu', 'onew', 'Teaching Assistant'],
        ['Renamed', 'Teacher', 'pteacher3@example.edu', '', 'Teaching Assistant'],
        ['Broken', '', 'broken@batch.example.edu', '', 'Instructor'],
      ],
      'fr',
    );
    expect(imp).toMatchObject({
      status: 'done',
      results: { created: 2, updated: 1, skipped: 0, rejected: 1, failed: 0 },
    });

    const created = await t.db.select().from(users).where(like(users.email, '%@batch.example.edu'));
    expect(created.map((u) => [u.username, u.status]).sort()).toEqual([
      ['nina.new@batch.example.edu', 'pending'],
      ['onew', 'pending'],
    ]);
    const ids = created.map((u) => u.id);
    expect(
      await t.db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(inArray(memberships.userId, ids), eq(memberships.institutionId, w.a.id))),
    ).toHaveLength(2);
    const held = await t.db.select().from(groupMembers).where(inArray(groupMembers.userId, ids));
    expect(held.map((h) => h.groupId).sort()).toEqual([w.roles.instructor.id, w.roles.ta.id].sort());
    expect(
      await t.db.select().from(accountRequests).where(inArray(accountRequests.userId, ids)),
    ).toHaveLength(2);
    expect(await mailsTo('%@batch.example.edu')).toBe(2);
    // the new accounts speak the committing administrator's language, their set-up e-mail too
    expect(created.map((u) => u.locale)).toEqual(['fr', 'fr']);
    expect((await readEml(t.db, 'nina.new@batch.example.edu')).subject).toBe(
      'Votre compte Courseware Admin : instructions de configuration',
    );

    const [renamed] = await t.db.select().from(users).where(eq(users.id, teacher.id));
    expect(renamed).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Teacher',
      version: teacher.version + 1,
    });
    const roles = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, teacher.id));
    expect(roles.map((r) => r.groupId)).toEqual([w.roles.ta.id]);
    expect(await mailsTo('pteacher3@example.edu')).toBe(0);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'user'), inArray(auditLog.entityId, [...ids, teacher.id].map(String))),
      );
    expect(audits.map((a) => a.action).sort()).toEqual(['user.create', 'user.create', 'user.update']);
    expect(audits.every((a) => a.actorUserId === w.u.reg.id)).toBe(true);

    const rows = (
      await as('reg').call(bulkAccountsApi.rows, {
        params: { importId: imp.importId },
        query: { pageSize: 100 },
      })
    ).json().rows;
    expect(rows.map((r: { rowNumber: number; result: string }) => [r.rowNumber, r.result])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'updated'],
      [5, 'rejected'],
    ]);
  });

  it('when a batch cannot be written at once, writes its rows one by one', async () => {
    failNextBatch.on = true;
    const imp = await importFile(
      [
        ['Fall', 'Back', 'fall.back@retry.example.edu', '', 'Instructor'],
        ['Row', 'ByRow', 'row.byrow@retry.example.edu', '', 'Instructor'],
      ],
      'zh-CN,zh;q=0.9',
    );
    expect(failNextBatch.on).toBe(false);
    expect(imp).toMatchObject({ status: 'done', results: { created: 2, failed: 0 } });
    const created = await t.db.select().from(users).where(like(users.email, '%@retry.example.edu'));
    expect(created).toHaveLength(2);
    expect(created.map((u) => u.locale)).toEqual(['zh', 'zh']);
    expect((await readEml(t.db, 'row.byrow@retry.example.edu')).subject).toBe(
      '您的 Courseware Admin 账户：设置说明',
    );
    expect(await mailsTo('%@retry.example.edu')).toBe(2);
  });
});
