import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES, type BulkImport, bulkAccountsApi } from '../../../shared/contract/bulk-accounts';
import { bulkImports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { waitFor } from '../../test/wait-for';
import { multipart, XLSX_TYPE, xlsx, zip } from '../../test/xlsx-files';
import { cellText, cleanText } from './xlsx-read';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  w = await createUsersWorld(t.db, 'f');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);
const inA = () => ({ query: { organizationId: String(w.a.id) } });

function upload(fileName: string, content: Buffer, type = XLSX_TYPE) {
  const body = multipart(fileName, content, type);
  return as('reg').post(bulkAccountsApi.upload.path, body.payload, { ...inA(), headers: body.headers });
}

const settled = (importId: string) =>
  waitFor(async () => {
    const r = (await as('reg').call(bulkAccountsApi.get, { params: { importId } })).json() as BulkImport;
    return ['previewed', 'failed'].includes(r.status) ? r : undefined;
  });

/** Runs refused uploads and proves no import row was stored for any of them. */
async function storesNoImport(refusals: () => Promise<void>) {
  const before = await t.db.select({ id: bulkImports.id }).from(bulkImports);
  await refusals();
  expect(await t.db.select({ id: bulkImports.id }).from(bulkImports)).toEqual(before);
}

const rowsOf = async (importId: string) =>
  (await as('reg').call(bulkAccountsApi.rows, { params: { importId }, query: { pageSize: 100 } })).json()
    .rows;

describe('file type, checked by content', () => {
  it('an .xlsx renamed to .csv is still an .xlsx: it is previewed', async () => {
    const res = await upload(
      'accounts.csv',
      await xlsx([['Ann', 'Lee', 'ann.lee@example.edu', '', 'Instructor']]),
      'text/csv',
    );
    expect(res.statusCode).toBe(202);
    expect((await settled(res.json().importId)).status).toBe('previewed');
  });

  it('a .csv renamed to .xlsx is refused with 400 "Only .xlsx file format is allowed"', async () => {
    await storesNoImport(async () => {
      const csv = Buffer.from(
        'First Name,Last Name,Email,Username,Role\r\nAnn,Lee,ann@example.edu,,Instructor\r\n',
      );
      const res = await upload('accounts.xlsx', csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        message: 'error.xlsxOnly',
        description: BULK_MESSAGES.onlyXlsx,
      });
    });
  });

  it('refuses other binaries and zips that are not workbooks', async () => {
    await storesNoImport(async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      expect((await upload('a.xlsx', Buffer.concat([png, Buffer.alloc(64)]))).json().description).toBe(
        BULK_MESSAGES.onlyXlsx,
      );
      const docx = zip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      ]);
      expect((await upload('a.xlsx', docx)).statusCode).toBe(400);
      const truncated = (await xlsx([['A', 'B', 'ab@example.edu', '', 'Instructor']])).subarray(0, 300);
      expect((await upload('a.xlsx', truncated)).statusCode).toBe(400);
    });
  });

  it('answers a request that is not multipart with 415 and one without a file with 422', async () => {
    await storesNoImport(async () => {
      const res = await as('reg').post(bulkAccountsApi.upload.path, { file: 'x' }, inA());
      expect(res.statusCode).toBe(415);
      const empty = `----b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n----b--\r\n`;
      const none = await as('reg').post(bulkAccountsApi.upload.path, empty, {
        ...inA(),
        headers: { 'content-type': 'multipart/form-data; boundary=--b' },
      });
      expect(none.statusCode).toBe(422);
    });
  });
});

describe('limits checked before parsing', () => {
  it('refuses a file over 5 MB with 413', async () => {
    await storesNoImport(async () => {
      const res = await upload(
        'big.xlsx',
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      );
      expect(res.statusCode).toBe(413);
    });
  });

  it('refuses more than 10,000 rows with 422', async () => {
    await storesNoImport(async () => {
      const rows = Array.from({ length: 10_001 }, (_, i) => [
        `F${i}`,
        'L',
        `u${i}@example.edu`,
        '',
        'Instructor',
      ]);
      const res = await upload('many.xlsx', await xlsx(rows));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'error.bulkTooManyRows',
        description: BULK_MESSAGES.tooManyRows,
        params: { max: 10_000 },
      });
    });
  });

  it('refuses spreadsheet bombs: too many entries, or an entry that inflates too much', async () => {
    await storesNoImport(async () => {
      const base = [
        { name: '[Content_Types].xml', data: Buffer.from('<Types>spreadsheetml.sheet.main+xml</Types>') },
        {
          name: 'xl/workbook.xml',
          data: Buffer.from(
            '<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ),
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          data: Buffer.from(
            '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
          ),
        },
      ];
      const many = zip([
        ...base,
        ...Array.from({ length: 250 }, (_, i) => ({ name: `xl/media/img${i}.bin`, data: Buffer.from('x') })),
      ]);
      const a = await upload('many-entries.xlsx', many);
      expect(a.statusCode).toBe(422);
      expect(a.json()).toMatchObject({ message: 'error.bulkBomb', description: BULK_MESSAGES.bomb });
      const inflating = zip([
        ...base,
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
      ]);
      const b = await upload('bomb.xlsx', inflating);
      expect(b.statusCode).toBe(422);
      expect(b.json().description).toBe(BULK_MESSAGES.bomb);
    });
  });

  it('refuses an empty sheet, or one with only the header row', async () => {
    await storesNoImport(async () => {
      const headerOnly = await upload('header.xlsx', await xlsx([]));
      expect(headerOnly.statusCode).toBe(422);
      expect(headerOnly.json()).toMatchObject({
        message: 'error.bulkEmpty',
        description: BULK_MESSAGES.empty,
      });
      const blank = await upload('blank.xlsx', await xlsx([], []));
      expect(blank.statusCode).toBe(422);
    });
  });
});

describe('contents', () => {
  it('fails the import with a clear reason when the header row is not the documented one', async () => {
    const res = await upload(
      'header.xlsx',
      await xlsx([['Ann', 'Lee', 'a@example.edu']], ['Name', 'Surname', 'Mail']),
    );
    expect(res.statusCode).toBe(202);
    const imp = await settled(res.json().importId);
    expect(imp).toMatchObject({ status: 'failed', error: BULK_MESSAGES.badHeader });
  });

  it('uses the saved value of formula cells and rejects a formula without one, naming row and column', async () => {
    const res = await upload(
      'formulas.xlsx',
      await xlsx([
        [{ formula: 'PROPER("ann")', result: 'Ann' }, 'Lee', 'ann.formula@example.edu', '', 'Instructor'],
        ['Bob', 'Ray', { formula: 'A2&"@example.edu"' }, '', 'Instructor'],
        ['Cy', 'Err', { formula: '1/0', result: { error: '#DIV/0!' } }, '', 'Instructor'],
      ]),
    );
    const imp = await settled(res.json().importId);
    expect(imp.matches).toMatchObject({ new: 1, invalid: 2 });
    const rows = await rowsOf(imp.importId);
    expect(rows[0]).toMatchObject({ rowNumber: 2, firstName: 'Ann', action: 'create' });
    expect(rows[1]).toMatchObject({ rowNumber: 3, action: 'reject' });
    expect(rows[1].issues).toContainEqual({
      column: 'Email',
      message: 'The cell holds a formula without a saved value; type the value instead.',
    });
    expect(rows[2].issues[0].column).toBe('Email');
  });

  it('normalises odd characters and refuses formula-like text', async () => {
    const res = await upload(
      'odd.xlsx',
      await xlsx([
        ['\u00a0Zoe\u200b', 'Cafe\u0301', ' ZOE.CAFE@Example.EDU\u00a0', '', 'INSTRUCTOR'],
        ['=cmd|" /C calc"!A0', 'Evil', 'evil@example.edu', '', 'Instructor'],
        ['Tab\tName', 'Line\nBreak', 'tab@example.edu', '', 'Instructor'],
        [123, 'Numbers', 'num@example.edu', 45678, 'Instructor'],
      ]),
    );
    const imp = await settled(res.json().importId);
    const rows = await rowsOf(imp.importId);
    expect(rows[0]).toMatchObject({
      firstName: 'Zoe',
      lastName: 'Café',
      email: 'zoe.cafe@example.edu',
      role: 'Instructor',
      action: 'create',
    });
    expect(rows[1].issues).toEqual([
      { column: 'First Name', message: 'A name may not start with =, + or @.' },
    ]);
    expect(rows[2]).toMatchObject({ firstName: 'Tab Name', lastName: 'Line Break', action: 'create' });
    expect(rows[3]).toMatchObject({ firstName: '123', username: '45678', action: 'create' });
  });

  it('cleanText and cellText handle rich text, hyperlinks, errors and dates', () => {
    expect(cleanText('\ufeff a\u3000b \u200d')).toBe('a b');
    expect(cellText({ richText: [{ text: 'Ri' }, { text: 'ch' }] }).text).toBe('Rich');
    expect(cellText({ text: 'x@example.edu', hyperlink: 'mailto:x@example.edu' }).text).toBe('x@example.edu');
    expect(cellText({ error: '#N/A' }).issue).toMatch(/#N\/A/);
    expect(cellText(new Date()).issue).toMatch(/date/);
    expect(cellText('a\u0007b').issue).toMatch(/control/);
  });
});
