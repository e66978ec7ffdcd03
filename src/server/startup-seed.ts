import type { Config } from './config';
import type { Database } from './db/client';
import type { SeedReport } from './db/seed';

/** The demo seed was asked for in an install without the dev dependencies; its message is the one line to print. */
export class DemoSeedUnavailableError extends Error {
  readonly exitLine = true;
}

/**
 * The demo seeder. It needs @faker-js/faker, a dev dependency: a production install
 * (`npm ci --omit=dev`) has none, and asking it for the demo world stops with one line saying so.
 */
export async function loadSeeder(importSeeder = () => import('./db/seed')) {
  try {
    return await importSeeder();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && /@faker-js\/faker/.test(String((err as Error).message))) {
      throw new DemoSeedUnavailableError(
        'The demo seed needs the dev dependencies (@faker-js/faker is not installed): set DEMO_SEED=false, or seed from a full install with `npm run db:seed -- --demo`.',
      );
    }
    throw err;
  }
}

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
  const { seedDemo } = await loadSeeder();
  return seedDemo(database.db, {
    password: config.demoPassword,
    internalGroupId: config.internalGroupId,
    log,
  });
}
