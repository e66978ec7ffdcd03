import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkImport, bulkAccountsApi } from '../../../shared/contract/bulk-accounts';
import { usersApi } from '../../../shared/contract/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { waitFor } from '../../test/wait-for';
import { multipart, XLSX_TYPE, xlsx } from '../../test/xlsx-files';
import { SHARED_ACCOUNT_MESSAGE } from '../users';

/** A spreadsheet row renames an account only when the uploader administers all its institutions. */
let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  w = await createUsersWorld(t.db, 'v');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

describe('bulk rows and shared accounts', () => {
  it("rejects a row renaming another institution's account pulled in; renames an account only this institution holds", async () => {
    const added = await as('reg').call(usersApi.addUser, {
      body: {
        userId: w.bTeacher.id,
        organizationId: w.a.id,
        groupId: w.roles.ta.id,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const own = w.instructors[1];
    const file = await xlsx([
      ['Taken', 'Over', w.bTeacher.email, '', 'Teaching Assistant'],
      ['Own', 'Renamed', own.email, '', 'Instructor'],
    ]);
    const body = multipart('accounts.xlsx', file, XLSX_TYPE);
    const res = await as('reg').post(bulkAccountsApi.upload.path, body.payload, {
      query: { organizationId: String(w.a.id) },
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    const importId = res.json().importId;
    await waitFor(async () => {
      const r = (await as('reg').call(bulkAccountsApi.get, { params: { importId } })).json() as BulkImport;
      return ['previewed', 'done', 'failed'].includes(r.status) ? r : undefined;
    });
    const rows = (
      await as('reg').call(bulkAccountsApi.rows, { params: { importId }, query: { pageSize: 100 } })
    ).json();
    const byRow = Object.fromEntries(rows.rows.map((r: { rowNumber: number }) => [r.rowNumber, r]));
    expect(byRow[2]).toMatchObject({
      action: 'reject',
      issues: [{ column: 'First Name', message: SHARED_ACCOUNT_MESSAGE }],
    });
    expect(byRow[3]).toMatchObject({ action: 'update', note: expect.stringContaining('name becomes') });
  });
});
