import { type SQL, sql } from 'drizzle-orm';
import type { Db, SqlRunner } from './client';

/**
 * Runs pg-boss's positional SQL ($1, $2…) on a Drizzle database or transaction, so a job can be
 * queued in the same transaction as the rows it works on: both commit, or neither does.
 */
export function sqlRunnerOf(db: Db): SqlRunner {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      );
      const result = await db.execute(sql.join(chunks));
      return { rows: (result as unknown as Awaited<ReturnType<SqlRunner['executeSql']>>).rows };
    },
  };
}
