import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_HEADERS,
  BULK_MESSAGES,
  type BulkImport,
  bulkAccountsApi,
} from '../../../shared/contract/bulk-accounts';
import { bulkImports, groupMembers, mailOutbox, users } from '../../db/schema';
import { pathOf } from '../../../shared/contract/route';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { waitFor } from '../../test/wait-for';
import { multipart, XLSX_TYPE, xlsx } from '../../test/xlsx-files';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  w = await createUsersWorld(t.db, 'k');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

async function upload(who: 'reg' | 'lim' | 'regB', orgId: number, fileName: string, content: Buffer) {
  const body = multipart(fileName, content, XLSX_TYPE);
  return as(who).post(bulkAccountsApi.upload.path, body.payload, {
    query: { organizationId: String(orgId) },
    headers: body.headers,
  });
}

async function settled(importId: string, who: 'reg' | 'lim' = 'reg'): Promise<BulkImport> {
  return waitFor(async () => {
    const r = (await as(who).call(bulkAccountsApi.get, { params: { importId } })).json() as BulkImport;
    return ['previewed', 'done', 'failed'].includes(r.status) ? r : undefined;
  });
}

/** An import after its apply job: done or failed (a commit leaves `previewed` at once). */
async function finished(importId: string): Promise<BulkImport> {
  return waitFor(async () => {
    const r = (await as('reg').call(bulkAccountsApi.get, { params: { importId } })).json() as BulkImport;
    return ['done', 'failed'].includes(r.status) ? r : undefined;
  });
}

const userCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

describe('template', () => {
  it('downloads an .xlsx with the documented header row and the institution roles', async () => {
    const res = await as('reg').call(bulkAccountsApi.template, { query: { organizationId: w.a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('BulkAccountTemplate.xlsx');
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, ...BULK_HEADERS]);
    const roleNames = wb.getWorksheet('Roles')!.getColumn(1).values.slice(2);
    expect(roleNames).toContain('Teaching Assistant');
    expect(
      (await as('reg').call(bulkAccountsApi.template, { query: { organizationId: w.b.id } })).statusCode,
    ).toBe(403);
  });
});

describe('upload → dry-run preview → commit → job → report', () => {
  let importId: string;
  let file: Buffer;
  const [t0, t1] = [0, 1];

  it('previews what every row would do before writing anything', async () => {
    file = await xlsx([
      ['Ada', 'Lovelace', 'Ada@Example.edu', '', 'Instructor'],
      ['Grace', 'Hopper', 'grace@example.edu', 'ghopper', 'teaching assistant'],
      ['Bad', '', 'not-an-email', '', 'Wizard'],
      ['Ada', 'Again', 'ada@example.edu', '', 'Instructor'],
      ['kteacher0', 'Tester', `kteacher${t0}@example.edu`, '', 'Teaching Assistant'],
      ['kteacher1', 'Tester', `kteacher${t1}@example.edu`, '', 'Instructor'],
      [
        'Formula',
        'User',
        { formula: 'LOWER("FORMULA.USER@EXAMPLE.EDU")', result: 'formula.user@example.edu' },
        '',
        'Instructor',
      ],
      ['Taken', 'Name', 'taken@example.edu', 'KREG', 'Instructor'],
      ['kbteacher', 'Tester', 'kbteacher@example.edu', '', 'Instructor'],
    ]);
    const before = await userCount();
    const res = await upload('reg', w.a.id, 'accounts.xlsx', file);
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('parsing');
    importId = res.json().importId;
    const imp = await settled(importId);
    expect(imp.status, `the parse ended with "${imp.error}"`).toBe('previewed');
    expect(imp).toMatchObject({
      totalRows: 9,
      matches: { new: 3, existing: 2, unchanged: 1, invalid: 3 },
      planned: {
        createAndUpdate: { create: 3, update: 2, skip: 1, reject: 3 },
        create: { create: 3, update: 0, skip: 3, reject: 3 },
        update: { create: 0, update: 2, skip: 4, reject: 3 },
      },
    });
    expect(await userCount()).toBe(before);

    const rows = (
      await as('reg').call(bulkAccountsApi.rows, {
        params: { importId },
        query: { mode: 'createAndUpdate', pageSize: 100 },
      })
    ).json();
    expect(rows.total).toBe(9);
    const byRow = Object.fromEntries(rows.rows.map((r: { rowNumber: number }) => [r.rowNumber, r]));
    expect(byRow[2]).toMatchObject({
      action: 'create',
      email: 'ada@example.edu',
      username: 'ada@example.edu',
    });
    expect(byRow[3]).toMatchObject({ action: 'create', role: 'Teaching Assistant', username: 'ghopper' });
    expect(byRow[4].action).toBe('reject');
    expect(byRow[4].issues.map((i: { column: string }) => i.column).sort()).toEqual([
      'Email',
      'Last Name',
      'Role',
    ]);
    expect(byRow[4].issues.find((i: { column: string }) => i.column === 'Role').message).toContain('Wizard');
    expect(byRow[5].issues).toEqual([{ column: 'Email', message: 'Same e-mail as row 2.' }]);
    expect(byRow[6]).toMatchObject({
      action: 'update',
      match: 'existing',
      note: expect.stringContaining('role becomes Teaching Assistant'),
    });
    expect(byRow[7]).toMatchObject({ action: 'skip', match: 'unchanged', note: 'No changes.' });
    expect(byRow[8]).toMatchObject({ action: 'create', email: 'formula.user@example.edu' });
    expect(byRow[9].issues).toEqual([
      { column: 'Username', message: 'This user name is already taken by another account.' },
    ]);
    expect(byRow[10]).toMatchObject({
      action: 'update',
      note: expect.stringContaining('joins this institution'),
    });

    const rejected = (
      await as('reg').call(bulkAccountsApi.rows, {
        params: { importId },
        query: { action: 'reject' },
      })
    ).json();
    expect(rejected.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([4, 5, 9]);
    const createOnly = (
      await as('reg').call(bulkAccountsApi.rows, {
        params: { importId },
        query: { mode: 'create', action: 'skip' },
      })
    ).json();
    expect(createOnly.rows.find((r: { rowNumber: number }) => r.rowNumber === 6).note).toMatch(/Create only/);
  });

  it('refuses to commit rows with errors unless asked to import only the valid rows', async () => {
    const res = await as('reg').call(bulkAccountsApi.commit, {
      params: { importId },
      body: { mode: 'createAndUpdate' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'error.bulkInvalidRows',
      description: BULK_MESSAGES.invalidRows,
    });
    expect(
      (
        await as('reg').post(pathOf(bulkAccountsApi.commit, { importId }), {
          mode: 'sideways',
          validOnly: true,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('runs the job with progress and writes the per-row results', async () => {
    const res = await as('reg').call(bulkAccountsApi.commit, {
      params: { importId },
      body: {
        mode: 'createAndUpdate',
        validOnly: true,
      },
    });
    expect(res.statusCode).toBe(202);
    expect(['queued', 'running', 'done']).toContain(res.json().status);
    const done = await settled(importId);
    expect(done).toMatchObject({
      status: 'done',
      processedRows: 9,
      results: { created: 3, updated: 2, skipped: 1, rejected: 3, failed: 0 },
      mode: 'createAndUpdate',
      validOnly: true,
    });
    const [ada] = await t.db.select().from(users).where(eq(users.email, 'ada@example.edu'));
    expect(ada).toMatchObject({
      status: 'pending',
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada@example.edu',
    });
    const adaRoles = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, ada.id));
    expect(adaRoles.map((r) => r.groupId)).toEqual([w.roles.instructor.id]);
    const kb = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, w.bTeacher.id));
    expect(kb.map((r) => r.groupId).sort()).toEqual([w.roles.instructor.id, w.roles.bInstructor.id].sort());
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'grace@example.edu'));
    expect(mails).toHaveLength(1);
    expect(
      (
        await as('reg').call(bulkAccountsApi.commit, {
          params: { importId },
          body: { mode: 'create', validOnly: true },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('downloads the per-row report as CSV', async () => {
    const res = await as('reg').call(bulkAccountsApi.report, { params: { importId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('BulkAccountReport.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Row,First Name,Last Name,Email,Username,Role,Action,Result,Message');
    expect(lines).toHaveLength(10);
    expect(lines.find((l) => l.startsWith('4,'))).toMatch(/reject,rejected,.*Role: No role named/);
    expect(lines.find((l) => l.startsWith('2,'))).toContain('create,created');
  });

  it('uploading the same file again creates no duplicates', async () => {
    const before = await userCount();
    const res = await upload('reg', w.a.id, 'accounts (again).xlsx', file);
    const imp = await settled(res.json().importId);
    expect(imp.sameFileUploadedAt).not.toBeNull();
    expect(imp.matches).toEqual({ new: 0, existing: 0, unchanged: 6, invalid: 3 });
    const commit = await as('reg').call(bulkAccountsApi.commit, {
      params: { importId: imp.importId },
      body: {
        mode: 'createAndUpdate',
        validOnly: true,
      },
    });
    expect(commit.statusCode).toBe(422);
    expect(commit.json()).toMatchObject({
      message: 'error.bulkNothingToDo',
      description: BULK_MESSAGES.nothingToDo,
    });
    expect(await userCount()).toBe(before);
  });
});

describe('modes', () => {
  it('create only leaves existing accounts alone; update only creates nothing', async () => {
    const file = await xlsx([
      ['New', 'Person', 'new.person@example.edu', '', 'Instructor'],
      ['kteacher2', 'Tester', 'kteacher2@example.edu', '', 'Teaching Assistant'],
    ]);
    const first = (await settled((await upload('reg', w.a.id, 'modes.xlsx', file)).json().importId)).importId;
    expect(
      (
        await as('reg').call(bulkAccountsApi.commit, {
          params: { importId: first },
          body: { mode: 'create' },
        })
      ).statusCode,
    ).toBe(202);
    expect((await finished(first)).results).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    const held = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, w.instructors[2].id));
    expect(held.map((h) => h.groupId)).toEqual([w.roles.instructor.id]);

    const file2 = await xlsx([
      ['Other', 'Newcomer', 'other.newcomer@example.edu', '', 'Instructor'],
      ['kteacher2', 'Tester', 'kteacher2@example.edu', '', 'Teaching Assistant'],
    ]);
    const second = (await settled((await upload('reg', w.a.id, 'modes2.xlsx', file2)).json().importId))
      .importId;
    expect(
      (
        await as('reg').call(bulkAccountsApi.commit, {
          params: { importId: second },
          body: { mode: 'update' },
        })
      ).statusCode,
    ).toBe(202);
    expect(await finished(second)).toMatchObject({ status: 'done' });
    expect((await finished(second)).results).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    expect(await t.db.select().from(users).where(eq(users.email, 'other.newcomer@example.edu'))).toHaveLength(
      0,
    );
  });
});

describe('access', () => {
  it("refuses another institution's upload and imports, and answers 404 for an unknown import", async () => {
    const file = await xlsx([['A', 'B', 'ab@example.edu', '', 'Instructor']]);
    const importsOfB = () => t.db.select().from(bulkImports).where(eq(bulkImports.institutionId, w.b.id));
    const bBefore = await importsOfB();
    expect((await upload('reg', w.b.id, 'x.xlsx', file)).statusCode).toBe(403);
    expect(await importsOfB()).toEqual(bBefore);
    const mine = (await upload('reg', w.a.id, 'x.xlsx', file)).json().importId;
    expect((await settled(mine)).status).toBe('previewed');
    const stored = async () => (await t.db.select().from(bulkImports).where(eq(bulkImports.id, mine)))[0];
    const before = await stored();
    expect((await as('regB').call(bulkAccountsApi.get, { params: { importId: mine } })).statusCode).toBe(403);
    expect((await as('regB').call(bulkAccountsApi.rows, { params: { importId: mine } })).statusCode).toBe(
      403,
    );
    expect(
      (
        await as('regB').call(bulkAccountsApi.commit, {
          params: { importId: mine },
          body: { mode: 'create' },
        })
      ).statusCode,
    ).toBe(403);
    // The refused commit changed nothing: the import is still previewed and no account was made.
    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({ status: 'previewed', mode: null, committedBy: null });
    expect(await t.db.select().from(users).where(eq(users.email, 'ab@example.edu'))).toEqual([]);
    expect((await as('regB').call(bulkAccountsApi.report, { params: { importId: mine } })).statusCode).toBe(
      403,
    );
    expect(
      (
        await as('reg').call(bulkAccountsApi.get, {
          params: { importId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as('reg').call(bulkAccountsApi.get, { params: { importId: 'not-a-uuid' } })).statusCode,
    ).toBe(422);
    expect(
      (await as('viewer').call(bulkAccountsApi.list, { query: { organizationId: w.a.id } })).statusCode,
    ).toBe(403);
    const list = (await as('reg').call(bulkAccountsApi.list, { query: { organizationId: w.a.id } })).json();
    expect(list.imports.length).toBeGreaterThan(0);
  });

  it('rejects rows giving a role with permissions the uploader lacks', async () => {
    const file = await xlsx([
      ['Lim', 'Admin', 'lim.admin@example.edu', '', 'Administrator'],
      ['Lim', 'Ta', 'lim.ta@example.edu', '', 'Limited Admin'],
    ]);
    const imp = await settled((await upload('lim', w.a.id, 'lim.xlsx', file)).json().importId, 'lim');
    expect(imp.matches).toMatchObject({ new: 1, invalid: 1 });
    const rows = (
      await as('lim').call(bulkAccountsApi.rows, {
        params: { importId: imp.importId },
        query: { action: 'reject' },
      })
    ).json().rows;
    expect(rows[0].issues[0]).toEqual({
      column: 'Role',
      message: 'You cannot give this role: it holds permissions you do not have.',
    });
  });

  it('rejects rows changing an account whose roles hold permissions the uploader lacks, and leaves it as it was', async () => {
    const reg = w.u.reg;
    const rolesBefore = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, reg.id));
    const file = await xlsx([['Renamed', 'Registrar', reg.email, reg.username, 'Limited Admin']]);
    const imp = await settled((await upload('lim', w.a.id, 'above.xlsx', file)).json().importId, 'lim');
    // status and error with the counts: a preview that failed says why in the assertion
    expect({ status: imp.status, error: imp.error, matches: imp.matches }).toMatchObject({
      status: 'previewed',
      matches: { invalid: 1 },
    });
    const rows = (
      await as('lim').call(bulkAccountsApi.rows, {
        params: { importId: imp.importId },
        query: { action: 'reject' },
      })
    ).json().rows;
    expect(rows[0].issues[0].message).toMatch(
      /^This account holds permissions you do not have \(.*CAN_COPY_EDIT_COURSES.*\): it cannot be changed from your spreadsheet\.$/,
    );
    const commit = await as('lim').call(bulkAccountsApi.commit, {
      params: { importId: imp.importId },
      body: {
        mode: 'update',
        validOnly: true,
      },
    });
    expect(commit.statusCode).toBe(422);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, reg.id))).toEqual(
      rolesBefore,
    );
    expect((await t.db.select().from(users).where(eq(users.id, reg.id)))[0].firstName).toBe(reg.firstName);
  });
});
