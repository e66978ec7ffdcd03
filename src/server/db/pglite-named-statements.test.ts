import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesApi } from '../../shared/contract/courses';
import { copySection } from '../test/copy-fixtures';
import { createInstitution, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { institutions, organizations } from './schema';

const PGLITE = !process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  if (PGLITE) t = await createTestApp();
});
afterAll(() => t?.close());

const preparedNames = async () =>
  (await t.database.sql.executeSql('select name from pg_prepared_statements order by name', [])).rows.map(
    (r: { name: string }) => r.name,
  );

const byName = () =>
  t.db
    .select({ name: institutions.displayName, timeZone: institutions.timeZone, active: institutions.active })
    .from(institutions)
    .where(eq(institutions.displayName, sql.placeholder('name')))
    .prepare('test_institution_by_name');

describe.skipIf(!PGLITE)("Drizzle's named statements on PGlite", () => {
  it('are PostgreSQL named statements: the session lookup and the course page are parsed once', async () => {
    const institution = await createInstitution(t.db, 'Named Statements College');
    await copySection(t.db, institution.id, { courseName: 'Named 1' });
    await createUser(t.db, 'ns-super', { superAdmin: true });
    const res = await t.as('ns-super').call(coursesApi.list, { query: { organizationId: institution.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().courses.map((r: { courseName: string }) => r.courseName)).toEqual(['Named 1']);
    const names = await preparedNames();
    expect(names).toContain('find_live_session');
    expect(names).toContain('institution_time_zone');
    expect(names.some((n) => n.startsWith('course_page_'))).toBe(true);
  });

  it('bind parameters and parse rows as PGlite does, and a failing call leaves the next one working', async () => {
    await createInstitution(t.db, "O'Neil College");
    const statement = byName();
    expect(await statement.execute({ name: "O'Neil College" })).toEqual([
      { name: "O'Neil College", timeZone: null, active: true },
    ]);
    expect(await statement.execute({ name: 'Nowhere' })).toEqual([]);
    const badId = t.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.id, sql.placeholder('id')))
      .prepare('test_institution_by_id');
    const failure = await badId.execute({ id: 'not a number' }).catch((err: Error) => err);
    expect(String((failure as Error).cause)).toMatch(/invalid input syntax for type integer/);
    expect(await statement.execute({ name: "O'Neil College" })).toHaveLength(1);
  });

  it('never run inside a transaction that is open: they wait for its end', async () => {
    const statement = byName();
    let answered = false;
    let answer: Promise<unknown> | undefined;
    await t.db
      .transaction(async (tx) => {
        const [org] = await tx.insert(organizations).values({ name: 'Uncommitted System' }).returning();
        await tx.insert(institutions).values({ organizationId: org.id, displayName: 'Uncommitted College' });
        answer = statement.execute({ name: 'Uncommitted College' }).then((rows) => {
          answered = true;
          return rows;
        });
        for (let i = 0; i < 3; i++) await tx.execute(sql`select 1`);
        expect(answered).toBe(false);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await answer).toEqual([]);
  });
});
