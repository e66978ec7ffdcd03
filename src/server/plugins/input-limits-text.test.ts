import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSection } from '../test/course-fixtures';
import { multipart, XLSX_TYPE, xlsx } from '../test/xlsx-files';
import { bearer, createInstitution, createRole, createUser, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

// Text that is not well-formed Unicode and malformed uploads once answered 500.
// Lone surrogates are refused at the contract with 422; malformed multipart bodies answer 400;
// control characters in an uploaded file's name are stripped.

let t: TestApp;
let token: string;
let orgId: number;
let sectionId: number;

const OPT_OUT = () => `/api/upload/optoutfile?organizationId=${orgId}`;
const BULK = () => `/api/registrarUser/instructor/bulkAccountCreation?organizationId=${orgId}`;

/** A JSON body written by hand, so a lone surrogate escape reaches the server as sent. */
const rawJson = (json: string) => ({
  payload: json,
  headers: { ...bearer(token), 'content-type': 'application/json' },
});

async function count(table: string): Promise<number> {
  const { rows } = await t.database.sql.executeSql(`select count(*)::int as n from ${table}`);
  return rows[0].n as number;
}

function multipartBody(fileName: string, content: string, type = 'text/csv') {
  const boundary = 'cwa-boundary-1';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    Buffer.from(fileName, 'utf8'),
    Buffer.from(`"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`),
  ]);
  return { body, boundary };
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createInstitution(t.db, 'Text College')).id;
  const boss = await createUser(t.db, 'text-boss', { superAdmin: true });
  await createRole(t.db, orgId, 'Text Admin', ADMIN_PERMISSIONS, [boss.id]);
  sectionId = (
    await createSection(t.db, {
      institutionId: orgId,
      courseName: 'Text 101',
      startDate: '2026-01-12',
      endDate: '2026-05-03',
    })
  ).id;
  token = await login(t.app, boss.username);
});
afterAll(() => t?.close());

describe('a lone surrogate in a JSON string answers 422', () => {
  it('in a course name (PUT editSection); nothing is written', async () => {
    const audits = await count('audit_log');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/editSection',
      ...rawJson(
        `{"sectionId":${sectionId},"version":1,"courseName":"Bio \\ud800 logy","startDate":"2026-01-12","endDate":"2026-05-03"}`,
      ),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'error.malformedText',
      params: { field: 'courseName' },
      fields: { courseName: expect.stringContaining('not well-formed Unicode') },
    });
    expect(await count('audit_log')).toBe(audits);
  });

  it('in a role name (POST group), a low surrogate alone too', async () => {
    const groups = await count('groups');
    for (const name of ['\\ud800', 'R\\udfffole']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/groupAuth/group',
        ...rawJson(`{"contextId":${orgId},"name":"${name}","permissions":[]}`),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('error.malformedText');
    }
    expect(await count('groups')).toBe(groups);
  });

  it('in an object key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groupAuth/group',
      ...rawJson(`{"contextId":${orgId},"name":"Fine","\\udc00":1}`),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('error.malformedText');
  });

  it('a well-formed pair (an emoji) is still accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groupAuth/group',
      ...rawJson(`{"contextId":${orgId},"name":"Role \\ud83d\\ude00","permissions":[]}`),
    });
    expect(res.statusCode).toBe(201);
    expect(JSON.stringify(res.json())).toContain('Role 😀');
  });
});

describe.each([
  ['opt-out file upload', OPT_OUT, 'opt_out_files'],
  ['bulk account upload', BULK, 'bulk_imports'],
])('malformed multipart bodies on the %s answer 400', (_name, url, table) => {
  it('a multipart content type without a boundary', async () => {
    const rows = await count(table);
    const { body } = multipartBody('a.csv', 'email\nx@example.edu');
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'error.malformedMultipart' });
    expect(await count(table)).toBe(rows);
  });

  it('a body cut short in the middle of the file', async () => {
    const rows = await count(table);
    const { body, boundary } = multipartBody('a.csv', 'email\nx@example.edu');
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body.subarray(0, body.length - 30),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'error.malformedMultipart' });
    expect(await count(table)).toBe(rows);
  });

  it('a body cut short in the part headers', async () => {
    const { body, boundary } = multipartBody('a.csv', 'email\nx@example.edu');
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body.subarray(0, 40),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.malformedMultipart');
  });
});

describe('control characters in an uploaded file name are stripped', () => {
  it('opt-out upload: a NUL and other control characters leave the stored name', async () => {
    const { body, boundary } = multipartBody('opt\u0000out\u0007\u009f.csv', 'email\nnobody@example.edu\n');
    const res = await t.app.inject({
      method: 'POST',
      url: OPT_OUT(),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.database.sql.executeSql(
      'select file_name from opt_out_files order by id desc limit 1',
    );
    expect(rows[0].file_name).toBe('optout.csv');
  });

  it('bulk upload: the import keeps the name without its NUL', async () => {
    const content = await xlsx([['Ada', 'Byron', 'ada@example.edu', '', 'Instructor']]);
    const { payload, headers } = multipart('accounts\u0000\u001b.xlsx', content, XLSX_TYPE);
    const res = await t.app.inject({
      method: 'POST',
      url: BULK(),
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(202);
    const { rows } = await t.database.sql.executeSql(
      'select file_name from bulk_imports order by created_at desc limit 1',
    );
    expect(rows[0].file_name).toBe('accounts.xlsx');
  });
});
