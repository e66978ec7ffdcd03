import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  dataDir: string;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh, migrated database: in-memory PGlite, or a clone of the run's PostgreSQL template. */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) return openDatabase({});
  return openDatabase({ databaseUrl: await createPostgresTestDatabase(), poolMax: 5 });
}

/** PostgreSQL only: a fresh clone of the run's migrated template; returns its URL (for a child process, say). */
export async function createPostgresTestDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${inject('pgRun')}_${process.pid}_${++counter}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgRun')}_tpl`);
        break;
      } catch (err) {
        // Another file is cloning the template at this instant.
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

/** Builds the app on a fresh database. `workers: true` also runs the pg-boss workers. */
export async function createTestApp(
  opts: { workers?: boolean; env?: Record<string, string>; now?: () => Date } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: opts.workers ? 'all' : 'api',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...opts.env,
  });
  const app = await buildApp(config, { database, logger: false, now: opts.now });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
