import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { migrateOnce } from './db/open-configured';
import { exitOnStartupError } from './db/startup-error';
import { logDestination } from './logger';
import { startMetricsServer } from './metrics/metrics-server';
import { hasDemoWorld, startBanner } from './start-banner';
import { openStartDatabase, SEED_ONLY_FLAG } from './start-database';
import { startWarnings } from './start-warnings';

export interface StartOptions {
  /** Work to finish before listening (the SPA build started alongside migrations). */
  beforeListen?: Promise<unknown>;
  argv?: string[];
  /**
   * The command that starts this process again (npm start passes node and its script): a database
   * that needs the demo world is then seeded by a short-lived process of that command, not here.
   */
  seedCommand?: string[];
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

  const log = pino({ level: config.logLevel }, logDestination(config));
  const seedOnly = argv.includes(SEED_ONLY_FLAG);
  if (!seedOnly) for (const warning of startWarnings(config)) log.warn(warning);
  // Open before migrating: /healthz answers (and /readyz says 503) while the database is prepared.
  const metricsPort = config.metrics.port;
  const metricsServer =
    metricsPort === undefined || seedOnly || config.role === 'migrate'
      ? undefined
      : await startMetricsServer({ port: metricsPort, host: config.metrics.host }, log).catch((err) => {
          console.error(
            `Cannot listen on METRICS_HOST=${config.metrics.host} METRICS_PORT=${metricsPort}: ${err.message}`,
          );
          process.exit(1);
        });
  const database = await exitOnStartupError(async () => {
    if (config.role !== 'migrate') {
      return openStartDatabase(config, { seedCommand: opts.seedCommand, seedOnly, log });
    }
    console.log(await migrateOnce(config));
    process.exit(0);
  });
  if (seedOnly) {
    await database.close();
    process.exit(0);
  }
  await opts.beforeListen;
  if (argv.includes('--demo-idp') && config.role !== 'worker') {
    const { startDemoIdp } = await import('./demo-idp'); // dev only: oidc-provider is a devDependency
    await startDemoIdp(config, log);
  }
  // Migrated above. A server starts its job queue once it listens (requests wait for the queue,
  // /readyz says 503 until then); a worker starts it before going on.
  const app = await buildApp(config, { database, migrated: true, deferJobs: config.role !== 'worker' });
  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  metricsServer?.attach(app);
  stopOnSignals(app, config, database, metricsServer);

  const port = config.role === 'worker' ? config.port : (app.server.address() as AddressInfo).port;
  app.log.info(
    { role: config.role, database: database.kind, ms: Math.round(performance.now() - started) },
    config.role === 'worker' ? 'workers running' : `listening on http://localhost:${port}`,
  );
  if (config.logFormat === 'pretty' && config.role !== 'worker') {
    const demo = await hasDemoWorld(database.db);
    process.stdout.write(`${startBanner(config, { demo, url: `http://localhost:${port}` })}\n`);
  }
  app.jobsStarted.then(
    () => app.log.debug({ ms: Math.round(performance.now() - started) }, 'job queue started'),
    (err) => {
      app.log.error({ err }, 'the job queue did not start');
      process.exit(1);
    },
  );
  return app;
}

/**
 * Graceful stop on SIGTERM/SIGINT. Registered before the line that says the server runs: whoever waits
 * for that line may stop the process at once. On,
 * not once: a second signal during the stop (Ctrl+C reaches npm and node both, and npm passes it on)
 * must not fall back to the default action, which kills the process mid-stop.
 */
function stopOnSignals(
  app: FastifyInstance,
  config: Config,
  database: { close(): Promise<void> },
  metricsServer: { close(): Promise<void> } | undefined,
) {
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
      await app.jobsStarted.catch(() => {}); // a queue still starting is stopped once it has
      await app.close();
      await metricsServer?.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  start().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
