import type { Config } from './config';
import type { Database } from './db/client';
import { type SeedReport, seedDemo } from './db/seed';

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
  if (!config.demoSeed) return null;
  return seedDemo(database.db, {
    password: config.demoPassword,
    internalGroupId: config.internalGroupId,
    log,
  });
}
