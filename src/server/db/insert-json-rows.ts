import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { resultRows } from './execute';

type Returning = Record<string, Column>;
type Returned<R extends Returning> = { [K in keyof R]: R[K]['_']['data'] };

/**
 * INSERT of many rows through one jsonb parameter, spread into the table's own row type by
 * jsonb_populate_recordset, rather than one bind parameter per cell. A bulk import's batch of 500
 * accounts is thousands of cells in each of several tables: as bind parameters, every one became
 * objects in the server's heap and a parameter for PostgreSQL to parse; as one text, it is a single
 * string. Columns are those given a value in some row (the others take their defaults); a column
 * with a default must be given in every row or in none, and one with a default computed in
 * JavaScript in every row.
 */
export async function insertJsonRows<T extends PgTable, R extends Returning = Record<never, Column>>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  options: { onConflictDoNothing?: boolean; returning?: R } = {},
): Promise<Returned<R>[]> {
  if (rows.length === 0) return [];
  const cells = rows as Record<string, unknown>[];
  const columns: [string, Column][] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const given = cells.filter((r) => r[key] !== undefined).length;
    // a default computed in JavaScript ($defaultFn) is Drizzle's to apply, not the database's
    const jsDefault = Boolean(column.defaultFn || column.onUpdateFn);
    if (given < rows.length && (jsDefault || (given > 0 && column.hasDefault)))
      throw new Error(`insertJsonRows(${getTableName(table)}): "${key}" is missing in some rows`);
    if (given > 0) columns.push([key, column]);
  }
  const json = JSON.stringify(
    cells.map((r) => Object.fromEntries(columns.map(([key, column]) => [column.name, r[key] ?? null]))),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const returning = Object.entries(options.returning ?? {});
  const query: SQL = sql`insert into ${table} (${names})
    select ${names} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)
    ${options.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    ${
      returning.length
        ? sql`returning ${sql.join(
            returning.map(
              ([alias, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(alias)}`,
            ),
            sql`, `,
          )}`
        : sql``
    }`;
  const result = await db.execute(query);
  return resultRows<Returned<R>>(result);
}
