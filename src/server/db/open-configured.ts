import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { waitForDatabase } from './wait-for-database';

/** Says a line to the operator (stderr): the start's notices before logging is set up. */
export const sayToOperator = (line: string) => console.error(line);

/**
 * The configured database, opened: PostgreSQL once it answers (within DATABASE_WAIT_SECONDS), or the
 * embedded folder once this process holds its lock. Both refusals are a StartupError of one line.
 */
export async function openConfiguredDatabase(config: Config, say = sayToOperator): Promise<Database> {
  if (config.databaseUrl) await waitForDatabase(config.databaseUrl, config.databaseWaitSeconds, say);
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
}

/** The upgrade step (`ROLE=migrate`, `npm run db:migrate`): migrates once; returns the line to print. */
export async function migrateOnce(config: Config, say = sayToOperator): Promise<string> {
  const database = await openConfiguredDatabase(config, say);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return `migrations applied (${database.kind})`;
}
