import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * ANALYZE after a large load (the demo seed, a bulk import, a batch of course copies), so the
 * planner has statistics at once rather than after autovacuum's next round: without them the first
 * requests after a load plan for the tables as they were (a roster once hashed every user).
 * Run it after the load's transaction commits; `tables` defaults to the whole database.
 */
export async function analyzeTables(db: Db, tables?: readonly string[]): Promise<void> {
  if (!tables) {
    await db.execute(sql`analyze`);
    return;
  }
  for (const t of tables) {
    if (!/^[a-z_]+$/.test(t)) throw new Error(`analyzeTables: not a table name: ${t}`);
    await db.execute(sql.raw(`analyze ${t}`));
  }
}

/**
 * VACUUM (ANALYZE) of the whole database after the demo seed: statistics, and the visibility map
 * that lets index-only scans (the per-course enrollment and pairing counts) skip the heap without
 * waiting for autovacuum (which may be slow to come, or off). Not inside a transaction.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}

/**
 * A load of at least this many rows is followed by ANALYZE of the tables it wrote. Below it the
 * statistics barely move (autovacuum analyses a table after 10 % of it changed).
 */
export const ANALYZE_AFTER_ROWS = 500;
