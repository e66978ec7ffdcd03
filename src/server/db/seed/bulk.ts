import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { executeRows } from '../execute';

/** Rows per statement; each column travels as ONE array parameter, so no bind-parameter limit applies. */
const CHUNK_ROWS = 10_000;

const SERIAL_TYPES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};

/**
 * Takes `count` ids from a table's serial sequence, so rows can reference each other before
 * they are inserted (inserted later with explicit ids).
 */
export async function allocateIds(db: Db, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const name = getTableName(table);
  const rows = await executeRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${name}, 'id'))::int as id from generate_series(1, ${count}::int)`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** One value in a PostgreSQL array literal. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Inserts many rows with `INSERT ... SELECT * FROM unnest($1::type[], ...)`: one parameter per
 * column whatever the row count, and one round trip per chunk — the fast path on PGlite.
 * All rows must carry the same keys as the first one; scalar columns only (no array columns).
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0] as object);
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${key}`);
    const type = column.getSQLType();
    return { key, name: column.name, type: SERIAL_TYPES[type] ?? type };
  });
  const columnList = sql.join(
    targets.map((t) => sql.identifier(t.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS) as Record<string, unknown>[];
    const arrays = targets.map((t) => {
      const literal = `{${chunk.map((row) => arrayElement(row[t.key])).join(',')}}`;
      return sql`${literal}::${sql.raw(t.type)}[]`;
    });
    await db.execute(
      sql`insert into ${table} (${columnList}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}
