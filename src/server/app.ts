import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './lib/project-root';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { ensureInternalGroup } from './db/internal-group';
import { ALL_JOBS } from './jobs';
import { JobQueue } from './jobs/queue';
import type { JobTestHooks } from './jobs/define';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { logDestination } from './logger';
import { type DeclaredRoute, registerAccessControl } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { RequestLogController, redactUrl } from './plugins/request-log';
import { registerNulGuard } from './plugins/nul-guard';
import { responseSerializer } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerNotFound } from './plugins/web-fallback';
import { type AppMetrics, createAppMetrics } from './metrics/app-metrics';
import { registerHttpMetrics } from './metrics/http-metrics';
import { registerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    jobs: JobQueue;
    /** Settles once the job queue has started (see BuildOptions.deferJobs). */
    jobsStarted: Promise<void>;
    declaredRoutes: DeclaredRoute[];
    /** The server's clock: the current instant (tests inject a fixed one). */
    now: () => Date;
    /** This app's Prometheus registry and counters (served on METRICS_PORT, never on the web port). */
    metrics: AppMetrics;
  }
}

/** Largest accepted upload; larger files are refused with 413. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const WEB_DIST = join(PROJECT_ROOT, 'dist/web');

export interface BuildOptions {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Logger: false for silence, an object for pino options; by default LOG_LEVEL and LOG_FORMAT decide. */
  logger?: boolean | object;
  /** Folder of the built SPA (tests point it elsewhere); defaults to dist/web. */
  webDir?: string;
  /** The server's clock; defaults to the real one. Tests pass a fixed instant to pin calendar days. */
  now?: () => Date;
  /** The database is migrated already (npm start migrates it before the demo seed): no second check. */
  migrated?: boolean;
  /**
   * Start the job queue once the server listens instead of before returning (npm start: the queue's
   * start-up queries no longer delay listening). Until it has started, requests other than /healthz
   * and /readyz wait for it, and /readyz answers 503.
   */
  deferJobs?: boolean;
  /** Tests only: seams into the job handlers' steps (see JobTestHooks). */
  testHooks?: JobTestHooks;
}

/**
 * Fastify's request log fields, with credentials left out of the URL: one-time tokens (account-setup
 * links, token=) and LTI launch sessions (session=, valid 60 minutes).
 */
function logRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify's own options: logging, proxy trust, request ids, body limit, trailing slashes. */
function fastifyOptions(config: Config, opts: BuildOptions) {
  return {
    // a logger given by the caller (tests) keeps the redacting request serializer unless it sets its own
    logger: (typeof opts.logger === 'boolean'
      ? opts.logger
      : {
          serializers: { req: logRequest },
          ...(opts.logger ?? { level: config.logLevel, stream: logDestination(config) }),
        }) as boolean | object,
    logController: new RequestLogController(), // one line per request; assets and health checks at debug
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // spec §7 writes several calls with a trailing slash (PUT courses/editSection/): both shapes answer
    routerOptions: { ignoreTrailingSlash: true },
  };
}

/** Security headers, uploads and the OpenAPI document with its viewer. */
async function registerHttpPlugins(app: FastifyInstance) {
  registerSecurityHeaders(app);
  // Uploads (opt-out files, bulk account spreadsheets): one file per request, 5 MiB at most.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 25 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'courseware-admin API',
        version: '1.0.0',
        description: 'The calls of the administration console, under /api.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** Liveness and readiness for the orchestrator (hidden from the OpenAPI document). */
function registerHealthRoutes(app: FastifyInstance, database: Database, jobsReady: () => Promise<boolean>) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.sql.executeSql('select 1');
      if (!(await jobsReady())) throw new Error('job queue not started');
      return { status: 'ready', database: database.kind };
    } catch (err) {
      return reply
        .code(503)
        .send({ status: 503, message: 'error.unavailable', description: String((err as Error).message) });
    }
  });
}

/**
 * Started in the background (deferJobs), the queue lets the event loop turn before each of its
 * statements until it is up: requests and log lines are not held behind its start-up queries
 * (PGlite runs them on this thread).
 */
function yieldingUntil(database: Database, up: () => boolean): Database {
  return {
    ...database,
    sql: {
      async executeSql(text, values) {
        if (!up()) await new Promise((resolve) => setImmediate(resolve));
        return database.sql.executeSql(text, values);
      },
    },
  };
}

/** Builds the Fastify application: database migrated, job queue started, every route registered. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, opts));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);

  const database =
    opts.database ?? openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  if (!opts.migrated) await database.migrate();
  await ensureInternalGroup(database.db, config.internalGroupId);
  let jobsUp = false;
  const queueDatabase = opts.deferJobs ? yieldingUntil(database, () => jobsUp) : database;
  const jobsReady = async () => jobsUp && (await jobs.ready());
  const metrics = createAppMetrics(database, { ready: jobsReady });
  const jobs = new JobQueue(queueDatabase, config, app.log, metrics, opts.testHooks);
  registerHttpMetrics(app, metrics);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  app.decorate('metrics', metrics);
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  app.decorate('now', opts.now ?? (() => new Date()));
  let jobsStarted: Promise<void> = Promise.resolve();
  if (opts.deferJobs) {
    app.addHook('onRequest', (request, _reply, done) => {
      const path = request.routeOptions.url;
      if (jobsUp || path === '/healthz' || path === '/readyz' || !usesJobQueue(request.url)) return done();
      jobsStarted.then(() => done(), done);
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop(config.shutdownTimeoutMs);
    if (!opts.database) await database.close();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await registerHttpPlugins(app);

  registerAccessControl(app, app.declaredRoutes);
  registerNulGuard(app);
  await app.register(cookie); // req.cookies and reply.setCookie (the LTI state cookie)
  await app.register(registerRoutes);

  registerHealthRoutes(app, database, jobsReady);

  const webDir = opts.webDir ?? WEB_DIST;
  const serveWeb = config.serveWeb && existsSync(`${webDir}/index.html`);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: ['index.html'],
      // the .br / .gz copies written at build time, chosen by the request's Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', webCacheControl(path)),
    });
  }
  registerNotFound(app, serveWeb);

  const startJobs = () =>
    jobs.start(ALL_JOBS).then(() => {
      jobsUp = true;
    });
  if (opts.deferJobs) {
    let begin = () => {};
    jobsStarted = new Promise<void>((resolve) => {
      begin = resolve;
    }).then(startJobs);
    jobsStarted.catch(() => {}); // the caller awaits it
    // after the listen call has returned, so its caller logs "listening" first
    app.addHook('onListen', (done) => {
      setImmediate(begin);
      done();
    });
  } else {
    jobsStarted = startJobs();
    await jobsStarted;
  }
  app.decorate('jobsStarted', jobsStarted);
  return app;
}

/**
 * Hashed build files never change under their name: cached for a year. Everything else (index.html,
 * the favicon) is revalidated on every visit so a new build is picked up at once.
 */
export function webCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Only the API and LTI may reach the job queue: the web app's pages and files answer while it starts
 * (the first page after a start is not held behind the queue's start-up).
 */
const usesJobQueue = (url: string) => url.startsWith('/api') || url.startsWith('/lti');
