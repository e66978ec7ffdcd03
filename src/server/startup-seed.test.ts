import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { DemoSeedUnavailableError, loadSeeder, seedOnStart } from './startup-seed';
import { openTestDatabase } from './test/harness';

/** `ROLE=api npm start -- --demo` seeds too; concurrent starters seed once. */
describe('demo seed at start', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });
  const institutionCount = async (d: Database) =>
    Number((await d.sql.executeSql('select count(*)::int n from institutions')).rows[0].n);

  it('an api process started with --demo seeds an empty database', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.migrate();
    const config = loadConfig({ ROLE: 'api', DEMO_SEED: 'true', LOG_LEVEL: 'silent' });
    const report = await seedOnStart(database, config);
    expect(report).not.toBeNull();
    expect(await institutionCount(database)).toBe(report!.institutions);
  }, 120_000);

  it('does nothing without the flag', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.migrate();
    const config = loadConfig({ ROLE: 'all', DEMO_SEED: 'false', LOG_LEVEL: 'silent' });
    expect(await seedOnStart(database, config)).toBeNull();
    expect(await institutionCount(database)).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'an api and a worker process starting together on one PostgreSQL seed it once',
    async () => {
      const database = await openTestDatabase();
      opened.push(database);
      await database.migrate();
      const api = loadConfig({ ROLE: 'api', DEMO_SEED: 'true', LOG_LEVEL: 'silent' });
      const worker = loadConfig({ ROLE: 'worker', DEMO_SEED: 'true', LOG_LEVEL: 'silent' });
      const reports = await Promise.all([seedOnStart(database, api), seedOnStart(database, worker)]);
      expect(reports.filter((r) => r !== null)).toHaveLength(1);
      const seeded = reports.find((r) => r !== null)!;
      expect(await institutionCount(database)).toBe(seeded.institutions);
    },
    180_000,
  );
});

describe('the demo seeder in a production install', () => {
  it('a missing @faker-js/faker becomes one line naming the way out', async () => {
    const missing = Object.assign(
      new Error("Cannot find package '@faker-js/faker' imported from /app/x.mjs"),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    );
    await expect(loadSeeder(() => Promise.reject(missing))).rejects.toThrow(DemoSeedUnavailableError);
    await expect(loadSeeder(() => Promise.reject(missing))).rejects.toThrow(
      'The demo seed needs the dev dependencies (@faker-js/faker is not installed): set DEMO_SEED=false, or seed from a full install with `npm run db:seed -- --demo`.',
    );
  });

  it('any other failure is left as it is', async () => {
    const other = Object.assign(new Error("Cannot find module './people'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadSeeder(() => Promise.reject(other))).rejects.toBe(other);
  });
});
