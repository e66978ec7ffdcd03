import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optOutApi } from '../../../shared/contract/opt-out';
import { auditLog, enrollments, optOutChanges, optOutFiles, optStatusChanges } from '../../db/schema';
import { createCourseWorld, createSection, createStudent, day, enroll } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let bio: { id: number };
let chem: { id: number };
let past: { id: number };
const e: Record<string, number> = {};

function multipart(fileName: string, contentType: string, content: Buffer | string, field = 'file') {
  const boundary = `----cwa${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (
  who: string,
  orgId: number,
  fileName: string,
  contentType: string,
  content: Buffer | string,
  field?: string,
  language?: string,
) => {
  const m = multipart(fileName, contentType, content, field);
  // a multipart body: sent raw, to the contract's path
  return t.as(who).post(optOutApi.upload.path, m.payload, {
    query: { organizationId: String(orgId) },
    headers: { ...m.headers, ...(language ? { 'accept-language': language } : {}) },
  });
};
const remove = (who: string, fileId: number | string) =>
  t.as(who).call(optOutApi.remove, { query: { fileId } });
const statuses = async () => {
  const rows = await t.db
    .select()
    .from(enrollments)
    .where(inArray(enrollments.id, Object.values(e)));
  const byId = new Map(rows.map((r) => [r.id, r.optStatus]));
  return Object.fromEntries(Object.entries(e).map(([k, id]) => [k, byId.get(id)]));
};
const fileCount = async () => (await t.db.select().from(optOutFiles)).length;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCourseWorld(t.db, t.app.config.internalGroupId, 'f');
  bio = await createSection(t.db, { institutionId: w.a.id, courseName: 'Biology', sectionCode: 'BIO-1' });
  chem = await createSection(t.db, { institutionId: w.a.id, courseName: 'Chemistry', sectionCode: 'CHEM-1' });
  past = await createSection(t.db, {
    institutionId: w.a.id,
    courseName: 'Old',
    startDate: day(-300),
    endDate: day(-200),
  });
  const foreign = await createSection(t.db, { institutionId: w.b.id, courseName: 'Birch' });
  const ada = await createStudent(t.db, w.a.id, 'fada');
  const bob = await createStudent(t.db, w.a.id, 'fbob');
  const cy = await createStudent(t.db, w.a.id, 'fcy');
  e.adaBio = (await enroll(t.db, bio.id, ada)).id;
  e.adaChem = (await enroll(t.db, chem.id, ada)).id;
  e.adaPast = (await enroll(t.db, past.id, ada)).id;
  e.bobBio = (await enroll(t.db, bio.id, bob, { optStatus: 'optout' })).id;
  e.cyChem = (await enroll(t.db, chem.id, cy)).id;
  e.cyForeign = (await enroll(t.db, foreign.id, cy)).id;
});
afterAll(() => t.close());

const csv = (section: (id: number) => string) =>
  [
    'Email,Section ID,Opt Status',
    `fada@students.example.edu,${section(bio.id)},optout`,
    'FBOB@students.example.edu,,Opted in',
    'fcy,CHEM-1,',
    'nobody@example.edu,,optout',
    `fcy@students.example.edu,${section(999999)},optout`,
    ',1,optout',
    'fada@students.example.edu,abc,optout',
    'fada@students.example.edu,1,perhaps',
    `fada@students.example.edu,${section(bio.id)},optout`,
  ].join('\r\n');

describe('POST /api/upload/optoutfile', () => {
  let fileId: number;

  it('applies the file and reports every row', async () => {
    const res = await upload('freg', w.a.id, 'optout.csv', 'text/csv', csv(String));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Opt-out file uploaded successfully');
    expect(body.rows).toBe(9);
    expect(body.report.map((r: { outcome: string }) => r.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'notFound',
      'notFound',
      'invalid',
      'notFound',
      'invalid',
      'duplicate',
    ]);
    expect(body.report[0]).toMatchObject({ line: 2, matched: 1, changed: 1, optStatus: 'optout' });
    expect(body.report[1]).toMatchObject({ optStatus: 'optin', matched: 1 });
    expect(body.report[2]).toMatchObject({ section: 'CHEM-1', optStatus: 'optout', matched: 1 });
    expect(body).toMatchObject({ changed: 3, notMatched: 5 });
    fileId = body.fileId;
    expect(await statuses()).toEqual({
      adaBio: 'optout',
      adaChem: 'optin',
      adaPast: 'optin',
      bobBio: 'optin',
      cyChem: 'optout',
      cyForeign: 'optin',
    });
    const changes = await t.db.select().from(optOutChanges).where(eq(optOutChanges.fileId, fileId));
    expect(changes).toHaveLength(3);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'optout.upload'))).length).toBe(1);
  });

  it('lists the file and its report', async () => {
    const list = await t.as('freg').call(optOutApi.list, { query: { organizationId: w.a.id } });
    expect(list.json().files).toEqual([
      expect.objectContaining({ fileId, fileName: 'optout.csv', rows: 9, changed: 3, notMatched: 5 }),
    ]);
    const rep = await t.as('freg').call(optOutApi.report, { query: { fileId } });
    expect(rep.json().report).toHaveLength(9);
    const other = await t.as('fother').call(optOutApi.report, { query: { fileId } });
    expect(other.statusCode).toBe(403);
  });

  it('matches section codes and, without a section, current and future courses only', async () => {
    const text = 'username,sectionCode,status\nfcy,chem-1,out\nfada,,optout\n';
    const res = await upload('freg', w.a.id, 'second.CSV', 'application/vnd.ms-excel', text);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().report.map((r: { outcome: string; matched: number }) => `${r.outcome}:${r.matched}`),
    ).toEqual(['unchanged:1', 'applied:2']);
    expect(await statuses()).toMatchObject({
      cyChem: 'optout',
      adaChem: 'optout',
      adaBio: 'optout',
      adaPast: 'optin',
    });
    // Deleting the second file reverts only what it changed; the first file still holds adaBio and cyChem.
    const del = await remove('freg', res.json().fileId);
    expect(del.json()).toMatchObject({ reverted: 1, kept: 0 });
    expect(await statuses()).toMatchObject({ cyChem: 'optout', adaChem: 'optin', adaBio: 'optout' });
  });

  it('deleting the first file restores exactly what it changed, keeping what others changed since', async () => {
    await t.db.update(enrollments).set({ optStatus: 'optout' }).where(eq(enrollments.id, e.bobBio));
    const res = await remove('freg', fileId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Opt-out file deleted successfully', reverted: 2, kept: 1 });
    expect(await statuses()).toEqual({
      adaBio: 'optin',
      adaChem: 'optin',
      adaPast: 'optin',
      bobBio: 'optout',
      cyChem: 'optin',
      cyForeign: 'optin',
    });
    expect((await remove('freg', fileId)).statusCode).toBe(404);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'optout.delete'))).length).toBe(2);
  });

  it('reverts a status still as the file left it, keeps one changed since', async () => {
    const up = await upload(
      'freg',
      w.a.id,
      'third.csv',
      'text/csv',
      `email,sectionId\nfada@students.example.edu,${bio.id}\n`,
    );
    expect(up.json().changed).toBe(1);
    const del = await remove('freg', up.json().fileId);
    expect(del.json()).toMatchObject({ reverted: 1, kept: 0 });
    const up2 = await upload(
      'freg',
      w.a.id,
      'fourth.csv',
      'text/csv',
      `email,sectionId\nfada@students.example.edu,${bio.id}\n`,
    );
    await t.db.update(enrollments).set({ optStatus: 'optin' }).where(eq(enrollments.id, e.adaBio));
    const del2 = await remove('freg', up2.json().fileId);
    expect(del2.json()).toMatchObject({ reverted: 0, kept: 1 });
  });
});

describe('opt-out rows drop through the inclusive-access drop', () => {
  const ids: Record<string, number> = { before: 0, after: 0 };
  const ends: Record<'before' | 'after', Date | null> = { before: null, after: null };
  const body = () =>
    [
      'email,sectionId,optStatus',
      `fdan@students.example.edu,${ids.beforeSection},optout`,
      `fdan@students.example.edu,${ids.afterSection},optout`,
    ].join('\n');
  const enrollment = async (k: 'before' | 'after') =>
    (await t.db.select().from(enrollments).where(eq(enrollments.id, ids[k])))[0];
  const dropAudits = async () =>
    (await t.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment.drop'))).filter((a) =>
      [ids.before, ids.after].includes(Number(a.entityId)),
    );

  beforeAll(async () => {
    // Census in 5 days (open) and 10 days ago (locked).
    const before = await createSection(t.db, {
      institutionId: w.a.id,
      startDate: day(-5),
      censusDuration: 10,
    });
    const after = await createSection(t.db, {
      institutionId: w.a.id,
      startDate: day(-20),
      censusDuration: 10,
    });
    Object.assign(ids, { beforeSection: before.id, afterSection: after.id });
    const dan = await createStudent(t.db, w.a.id, 'fdan');
    ids.before = (await enroll(t.db, before.id, dan, { accessType: 'PAID', endsInDays: 100 })).id;
    ids.after = (await enroll(t.db, after.id, dan, { accessType: 'PAID', endsInDays: 100 })).id;
    ends.before = (await enrollment('before')).accessEndsAt;
    ends.after = (await enrollment('after')).accessEndsAt;
  });

  it('before census the student is opted out and their access ends; after census the drop is only recorded', async () => {
    const up = await upload('freg', w.a.id, 'drops.csv', 'text/csv', body());
    expect(up.statusCode).toBe(200);
    // the locked course's row says so: nothing changed there but the drop's record
    expect(up.json()).toMatchObject({ changed: 1, notMatched: 0 });
    expect(
      up.json().report.map((r: { outcome: string; message: string | null }) => [r.outcome, r.message]),
    ).toEqual([
      ['applied', null],
      [
        'unchanged',
        'Census day has passed: the opt status is locked. An opt-out is recorded as a drop; the status and billing stay.',
      ],
    ]);
    const b = await enrollment('before');
    expect(b).toMatchObject({ optStatus: 'optout', dropCause: 'optOutFile' });
    expect(b.droppedAt).not.toBeNull();
    expect(b.accessEndsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const a = await enrollment('after');
    expect(a).toMatchObject({ optStatus: 'optin', dropCause: 'optOutFile', accessEndsAt: ends.after });
    expect(a.droppedAt).not.toBeNull();
    const changes = await t.db
      .select()
      .from(optStatusChanges)
      .where(inArray(optStatusChanges.enrollmentId, [ids.before, ids.after]));
    expect(changes).toMatchObject([
      {
        enrollmentId: ids.before,
        previousOptStatus: 'optin',
        newOptStatus: 'optout',
        cause: 'drop',
        reason: 'optOutFile',
      },
    ]);
    const audits = await dropAudits();
    expect(
      audits.map((x) => [Number(x.entityId), (x.after as { beforeCensus: boolean }).beforeCensus]).sort(),
    ).toEqual(
      [
        [ids.before, true],
        [ids.after, false],
      ].sort(),
    );
    expect(audits.every((x) => (x.after as { cause: string }).cause === 'optOutFile')).toBe(true);
    ids.file = up.json().fileId;
  });

  it('is idempotent: the same file again drops nothing more', async () => {
    const again = await upload('freg', w.a.id, 'drops-again.csv', 'text/csv', body());
    expect(again.json().report.map((r: { outcome: string }) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(again.json().changed).toBe(0);
    expect(await dropAudits()).toHaveLength(2);
    expect((await remove('freg', again.json().fileId)).json()).toMatchObject({ reverted: 0, kept: 0 });
  });

  it('deleting the file undoes its drops: enrolled again, opted in, access as before', async () => {
    const del = await remove('freg', ids.file);
    expect(del.json()).toMatchObject({ reverted: 2, kept: 0 });
    for (const k of ['before', 'after'] as const)
      expect(await enrollment(k)).toMatchObject({
        optStatus: 'optin',
        droppedAt: null,
        dropCause: null,
        accessEndsAt: ends[k],
        optDecidedAt: null,
      });
  });

  it('deleting it keeps a drop changed since (opted back in by staff)', async () => {
    const up = await upload('freg', w.a.id, 'drops-3.csv', 'text/csv', body());
    await t.db.update(enrollments).set({ optStatus: 'optin' }).where(eq(enrollments.id, ids.before));
    const del = await remove('freg', up.json().fileId);
    expect(del.json()).toMatchObject({ reverted: 1, kept: 1 });
    expect((await enrollment('before')).dropCause).toBe('optOutFile');
    expect((await enrollment('after')).droppedAt).toBeNull();
  });

  it('after census an opt-in row changes nothing: the status is locked (in the reader’s language)', async () => {
    await t.db.update(enrollments).set({ optStatus: 'optout' }).where(eq(enrollments.id, ids.after));
    const up = await upload(
      'freg',
      w.a.id,
      'late-optin.csv',
      'text/csv',
      `email,sectionId,optStatus\nfdan@students.example.edu,${ids.afterSection},optin\n`,
      undefined,
      'fr',
    );
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ changed: 0 });
    expect(up.json().report[0]).toMatchObject({ outcome: 'unchanged' });
    expect(up.json().report[0].message).toMatch(/^La date de recensement est passée/);
    expect((await enrollment('after')).optStatus).toBe('optout');
  });
});

describe('refusals', () => {
  it('checks type by name, declared type and content (415), size (413) and structure (422), storing nothing', async () => {
    const before = await fileCount();
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const cases: [string, string, Buffer | string, number, string][] = [
      [
        'list.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        zip,
        415,
        'error.optOutCsvOnly',
      ],
      ['list.csv', 'application/pdf', 'email\na@b.c', 415, 'error.optOutCsvOnly'],
      ['list.csv', 'text/csv', zip, 415, 'error.optOutNotText'],
      ['list.csv', 'application/vnd.ms-excel', ole, 415, 'error.optOutNotText'],
      ['list.csv', 'text/csv', Buffer.from('email\na@b.c\u0000\u0001'), 415, 'error.optOutNotText'],
      ['list.csv', 'text/csv', `email\n${'x'.repeat(1024 * 1024 + 10)}`, 413, 'error.optOutTooLarge'],
      ['list.csv', 'text/csv', 'name,section\nada,1', 422, 'error.optOutNoStudentColumn'],
      ['list.csv', 'text/csv', 'email', 422, 'error.optOutEmpty'],
      ['list.csv', 'text/csv', `email\n${'a@b.c\n'.repeat(10_001)}`, 422, 'error.optOutTooManyRows'],
      ['list.csv', 'text/csv', 'email\n"unterminated', 422, 'error.optOutUnreadable'],
    ];
    for (const [name, type, content, status, code] of cases) {
      const res = await upload('freg', w.a.id, name, type, content);
      const what = `${name} ${type} ${String(content).slice(0, 20)}`;
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toBe(code);
    }
    expect((await upload('freg', w.a.id, 'list.csv', 'text/csv', 'email\na@b.c', 'other')).statusCode).toBe(
      422,
    );
    const notMultipart = await t
      .as('freg')
      .post(optOutApi.upload.path, { email: 'a@b.c' }, { query: { organizationId: String(w.a.id) } });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().message).toBe('error.optOutNotMultipart');
    expect(await fileCount()).toBe(before);
  });

  it('403 for internal users, viewers and other institutions; 404 for unknown files and institutions', async () => {
    const before = await fileCount();
    for (const who of ['finsider', 'fviewer', 'fother']) {
      expect((await upload(who, w.a.id, 'x.csv', 'text/csv', 'email\nfada')).statusCode, who).toBe(403);
    }
    expect(await fileCount()).toBe(before);
    const up = await upload('freg', w.a.id, 'x.csv', 'text/csv', 'email\nfada');
    for (const who of ['finsider', 'fviewer', 'fother'])
      expect((await remove(who, up.json().fileId)).statusCode, who).toBe(403);
    expect((await remove('freg', 999999)).statusCode).toBe(404);
    expect((await remove('freg', 'abc')).statusCode).toBe(422);
    expect((await upload('fboss', 987654, 'x.csv', 'text/csv', 'email\nfada')).statusCode).toBe(404);
  });
});
