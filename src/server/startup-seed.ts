import type { Config } from './config';
import type { Database } from './db/client';
import type { SeedReport } from './db/seed';

/** True when the demo world is asked for (DEMO_SEED or `--demo`) and the database holds no institution yet. */
export async function needsDemoSeed(database: Database, config: Pick<Config, 'demoSeed'>): Promise<boolean> {
  if (!config.demoSeed) return false;
  const seeded = await database.sql.executeSql('select 1 from institutions limit 1');
  return seeded.rows.length === 0;
}

/**
 * Seeds the demo world at start when asked (DEMO_SEED or `--demo`), whatever the process role:
 * the first process to start seeds, the others wait on the seed's advisory lock and find the
 * world already there. Returns the report, or null when nothing was seeded.
 */
export async function seedOnStart(
  database: Database,
  config: Pick<Config, 'demoSeed' | 'demoPassword' | 'internalGroupId'>,
  log: (msg: string) => void = () => {},
): Promise<SeedReport | null> {
  // A seeded database is the usual start: one query, and the seeder (faker and its locales, about a
  // quarter of a second to load) stays unloaded. seedDemo checks again under its lock.
  if (!(await needsDemoSeed(database, config))) return null;
  const { seedDemo } = await import('./db/seed');
  return seedDemo(database.db, {
    password: config.demoPassword,
    internalGroupId: config.internalGroupId,
    log,
  });
}
