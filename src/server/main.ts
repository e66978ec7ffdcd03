import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDemo } from './db/seed';

export interface StartOptions {
  /** Work to finish before listening (the SPA build started alongside migrations). */
  beforeListen?: Promise<unknown>;
  argv?: string[];
}

/** Process entry: configuration, migrations, demo seed, HTTP and/or workers, graceful stop. */
export async function start(opts: StartOptions = {}): Promise<FastifyInstance> {
  const started = performance.now();
  const argv = opts.argv ?? process.argv.slice(2);
  let config: Config;
  try {
    config = loadConfig({ ...process.env, ...(argv.includes('--demo') ? { DEMO_SEED: 'true' } : {}) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database: Database = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await database.migrate();
  if (config.demoSeed && config.role !== 'api') {
    const report = await seedDemo(database.db, {
      password: config.demoPassword,
      internalGroupId: config.internalGroupId,
      log: (msg) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `seed: ${msg}` })),
    });
    if (report)
      console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'demo world seeded', ...report }));
  }
  await opts.beforeListen;
  const app = await buildApp(config, { database });
  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  app.log.info(
    { role: config.role, database: database.kind, ms: Math.round(performance.now() - started) },
    config.role === 'worker' ? 'workers running' : `listening on http://localhost:${config.port}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests and jobs');
    const timer = setTimeout(() => {
      app.log.error('graceful stop timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  start().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
