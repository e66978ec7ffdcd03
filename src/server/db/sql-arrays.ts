import { type SQL, sql } from 'drizzle-orm';

/**
 * A list as one bind parameter (a PostgreSQL array literal), for `= any(…)`, rather than one
 * parameter per element as `inArray` makes: a bulk import's batch compares 500 e-mails, 500 user
 * names and 500 user ids at a time.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
}

/** `textArray` for integer ids. */
export function intArray(ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new Error('intArray: not an integer list');
  return sql`${`{${ids.join(',')}}`}::int[]`;
}
