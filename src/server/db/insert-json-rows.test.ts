import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { insertJsonRows } from './insert-json-rows';
import { auditLog, mailOutbox } from './schema';
import { intArray, textArray } from './sql-arrays';

let database: Database;
/** The rows of `db.execute` (typed differently by the two drivers). */
const rowsOf = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate(); // in-memory PGlite starts empty; a PostgreSQL clone is migrated already
});
afterAll(async () => {
  await database.close();
});

describe('insertJsonRows', () => {
  it('writes every row as given, with the defaults of the columns left out, and returns the asked columns', async () => {
    const { db } = database;
    const tricky = 'Zoë "Q" O\'Neil, {a,b} \\ 漢字';
    const rows = await insertJsonRows(
      db,
      mailOutbox,
      [
        { to: 'a@example.edu', subject: tricky, text: 'one' },
        { to: 'b@example.edu', subject: 'Two', text: 'two', html: '<p>two</p>' },
      ],
      { returning: { id: mailOutbox.id, to: mailOutbox.to } },
    );
    expect(rows.map((r) => r.to)).toEqual(['a@example.edu', 'b@example.edu']);
    const stored = await db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(mailOutbox.id);
    expect(stored.map((r) => [r.subject, r.html, r.status, r.attempts])).toEqual([
      [tricky, null, 'queued', 0],
      ['Two', '<p>two</p>', 'queued', 0],
    ]);
    expect(stored[0].createdAt).toBeInstanceOf(Date);
  });

  it('stores jsonb values as the objects they are, and null as SQL NULL', async () => {
    const { db } = database;
    const after = { name: 'Ada', tags: ['x', 'y'], nested: { n: 1, flag: true } };
    await insertJsonRows(db, auditLog, [
      { action: 'json.test', entityType: 'user', entityId: '7', before: null, after },
    ]);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'json.test'));
    expect(row.after).toEqual(after);
    expect(row.before).toBeNull();
    expect(row.outcome).toBe('ok');
    const [{ isNull }] = await rowsOf<{ isNull: boolean }>(
      sql`select ${auditLog.before} is null as "isNull" from ${auditLog} where ${auditLog.id} = ${row.id}`,
    );
    expect(isNull).toBe(true);
  });

  it('refuses rows that give a defaulted column in some rows only, and writes nothing', async () => {
    const { db } = database;
    await expect(
      insertJsonRows(db, mailOutbox, [
        { to: 'c@example.edu', subject: 'partial', text: 'x', status: 'sent' },
        { to: 'd@example.edu', subject: 'partial', text: 'y' },
      ]),
    ).rejects.toThrow(/"status" is missing in some rows/);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'partial'))).toEqual([]);
  });

  it('writes nothing and returns nothing for no rows', async () => {
    expect(await insertJsonRows(database.db, mailOutbox, [])).toEqual([]);
  });
});

describe('textArray and intArray', () => {
  it('match exactly the listed values, whatever characters they hold', async () => {
    const values = ['plain', 'with "quotes"', 'back\\slash', 'comma, {brace}', 'NULL', ''];
    const found = await rowsOf<{ v: string }>(
      sql`select v from unnest(${textArray(values)}) as v where v = any(${textArray(values.slice(1))})`,
    );
    expect(found.map((x) => x.v)).toEqual(values.slice(1));
    const ids = await rowsOf<{ x: number }>(sql`select x from unnest(${intArray([3, 1, 2])}) as x`);
    expect(ids.map((x) => x.x)).toEqual([3, 1, 2]);
    expect(() => intArray([1, 1.5])).toThrow();
  });
});
