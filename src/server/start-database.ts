import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { lockFolder } from './db/folder-lock';
import { sayToOperator } from './db/open-configured';
import { waitForDatabase } from './db/wait-for-database';
import { needsDemoSeed, seedOnStart } from './startup-seed';

/** The flag that makes `start` migrate, seed the demo world and exit (the short-lived seeding process). */
export const SEED_ONLY_FLAG = '--seed-only';

export interface StartDatabaseOptions {
  /** The command that starts this process again; without it the demo world is seeded in-process. */
  seedCommand?: string[];
  /** This process is the seeding one. */
  seedOnly: boolean;
  log: { info: (obj: object | string, msg?: string) => void };
}

/**
 * Opens the database migrated and, when asked, with the demo world. Given `seedCommand`, the seed
 * runs in a short-lived process of that command: what seeding allocates — faker and its locales,
 * the world's objects and, on PGlite, the WebAssembly heap, which never shrinks — leaves with that
 * process instead of staying in the server's memory. PGlite is one process's at a time, so a new
 * data folder is seeded before this process opens it.
 */
export async function openStartDatabase(config: Config, opts: StartDatabaseOptions): Promise<Database> {
  const open = () => openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const elsewhere = !opts.seedOnly ? opts.seedCommand : undefined;
  const pglite = !config.databaseUrl;
  if (config.databaseUrl)
    await waitForDatabase(config.databaseUrl, config.databaseWaitSeconds, sayToOperator);
  // The folder stays this process's while it closes its database for the seed process (which works
  // under this lock) and until it exits.
  if (pglite && !opts.seedOnly && !isInMemory(config.pgliteDir)) lockFolder(config.pgliteDir);
  if (elsewhere && pglite && config.demoSeed && isNewFolder(config.pgliteDir)) {
    await runSeedProcess(elsewhere);
  }
  let database = open();
  await database.migrate();
  if (!(await needsDemoSeed(database, config))) return database;
  if (elsewhere && !(pglite && isInMemory(config.pgliteDir))) {
    if (pglite) await database.close();
    await runSeedProcess(elsewhere);
    if (pglite) {
      database = open();
      await database.migrate();
    }
    return database;
  }
  const report = await seedOnStart(database, config, (msg) => opts.log.info(`seed: ${msg}`));
  if (report) opts.log.info(report, 'demo world seeded');
  return database;
}

const isInMemory = (dir: string) => dir.startsWith('memory://');
const isNewFolder = (dir: string) => !isInMemory(dir) && !existsSync(join(dir, 'PG_VERSION'));

function runSeedProcess(command: string[]): Promise<void> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args, SEED_ONLY_FLAG], { stdio: 'inherit', env: process.env });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`the demo seed process stopped (${signal ?? `exit code ${code}`})`)),
    );
  });
}
