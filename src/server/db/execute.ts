import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query, on either driver. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** Rows of an `execute` answer already in hand (PGlite and node-postgres both answer `{ rows }`). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
