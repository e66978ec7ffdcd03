import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, MIGRATIONS_DIR } from './client';
import { migrationsPending } from './migrations-pending';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the start-up migration check', () => {
  it('finds migrations pending on a new database and none once migrated', async () => {
    database = await openTestDatabase();
    if (database.kind === 'pglite') {
      expect(await migrationsPending(database.sql, MIGRATIONS_DIR, { jobQueue: false })).toBe(true);
    }
    await database.migrate();
    const jobQueue = database.kind === 'postgres';
    expect(await migrationsPending(database.sql, MIGRATIONS_DIR, { jobQueue })).toBe(false);
  });

  it('finds the last migration pending when the database has not applied it', async () => {
    database = await openTestDatabase();
    await database.migrate();
    await database.sql.executeSql(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await migrationsPending(database.sql, MIGRATIONS_DIR, { jobQueue: false })).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('finds an older job queue schema pending', async () => {
    database = await openTestDatabase();
    await database.migrate();
    await database.sql.executeSql('update pgboss.version set version = version - 1');
    expect(await migrationsPending(database.sql, MIGRATIONS_DIR, { jobQueue: true })).toBe(true);
    await database.sql.executeSql('update pgboss.version set version = version + 1');
    expect(await migrationsPending(database.sql, MIGRATIONS_DIR, { jobQueue: true })).toBe(false);
  });
});
