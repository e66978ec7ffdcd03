import { z } from 'zod';
import { APP_ENVS, type AppEnv } from '../shared/constants';
import { parseSsoConfig, type SsoConfig, SsoConfigError } from './config-sso';
import { type TrustProxy, TrustProxyEnv } from './lib/trust-proxy';

/** Links and the internal-user group id per environment (spec §2, §6, §9). Each may be overridden. */
const ENV_DEFAULTS: Record<AppEnv, { host: string; internalGroupId: string }> = {
  dev: { host: 'https://dev.courseware.example.com', internalGroupId: 'ead-internal-dev' },
  qa: { host: 'https://qa.courseware.example.com', internalGroupId: 'ead-internal-qa' },
  perf: { host: 'https://perf.courseware.example.com', internalGroupId: 'ead-internal-perf' },
  prod: { host: 'https://courseware.example.com', internalGroupId: 'ead-internal-prod' },
};

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_ENV: z.enum(APP_ENVS).default('dev'),
  ROLE: z.enum(['all', 'api', 'worker', 'migrate']).default('all'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** How long a start waits for a PostgreSQL database that does not answer yet (an orchestrator may start it later). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines and a start banner (default on a terminal); `json`: one JSON object a line. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Courseware Admin <no-reply@courseware.example.com>'),
  PUBLIC_URL: z.url().optional(),
  DEMO_PASSWORD: z.string().min(8).default('demo-pass-1'),
  DEMO_SEED: bool.optional(),
  HELP_URL: z.url().optional(),
  TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),
  ACCOUNT_URL: z.url().optional(),
  CONSOLE_URL: z.url().optional(),
  INTERNAL_GROUP_ID: z.string().min(1).optional(),
  /** Comma list of the provider's e-mail domains: only their accounts (and subdomains') may be internal users. */
  INTERNAL_EMAIL_DOMAINS: z
    .string()
    .default('courseware.example.com')
    .transform((s) =>
      s
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.hostname()).min(1, 'at least one domain')),
  /** A hop count or a comma list of proxy addresses/CIDRs; `true` is refused (see lib/trust-proxy). */
  TRUST_PROXY: TrustProxyEnv.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LOW_ENROLLMENT_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(5),
  LOW_ENROLLMENT_AFTER_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Inclusive access: days before census the undecided students get their opt reminder. */
  OPT_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(2),
  /** Course copies: automatic retries after the first attempt, backoff start and cap, and the per-attempt time limit. */
  COPY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  COPY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  COPY_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  COPY_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Bulk account import: time limit of one attempt at applying an import (pg-boss expiry). */
  BULK_IMPORT_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(43_200).default(3600),
  /** How often pg-boss's supervisor fails expired jobs (time limit plus at most this much). */
  JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Products export time limit (spec §9: 2 minutes); lower only to test the 504. */
  EXPORT_TIME_LIMIT_MS: z.coerce.number().int().min(1).max(600_000).default(120_000),
  /** Port of the metrics and health listener (/metrics, /healthz, /readyz); unset: none. 0 picks a free one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Its bind address: loopback by default; a container needs 0.0.0.0 for Prometheus to reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A session ends this many hours after sign-in, however active (besides the 30-minute idle limit). */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** Days the LTI launch log keeps a launch (a daily job deletes older rows). */
  LTI_LAUNCH_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export interface Config {
  port: number;
  host: string;
  appEnv: AppEnv;
  /** `migrate`: apply the migrations once and exit (the upgrade step). */
  role: 'all' | 'api' | 'worker' | 'migrate';
  /** PostgreSQL URL; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string;
  /** Seconds a start waits and retries for a database that does not answer (DATABASE_WAIT_SECONDS). */
  databaseWaitSeconds: number;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  pgliteDir: string;
  dataDir: string;
  logLevel: string;
  /** `pretty` for a person at a terminal, `json` for machines (LOG_FORMAT; by default, whether stdout is a TTY). */
  logFormat: 'pretty' | 'json';
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  demoPassword: string;
  /** Seed the demo world into an empty database: DEMO_SEED or --demo; by default only on PGlite outside prod. */
  demoSeed: boolean;
  urls: { help: string; terms: string; privacy: string; account: string; console: string };
  internalGroupId: string;
  /** The provider's e-mail domains: only accounts there may hold the internal-user role. */
  internalEmailDomains: string[];
  /** Which proxies' X-Forwarded-For entries are believed (TRUST_PROXY). */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  lowEnrollmentThreshold: number;
  lowEnrollmentAfterDays: number;
  optReminderDays: number;
  /** Course-copy job retries (pg-boss retryLimit, retryDelay, retryDelayMax with backoff) and expiry, in seconds. */
  copyJobs: { retryLimit: number; retryDelay: number; retryDelayMax: number; expireInSeconds: number };
  /** Time limit of one attempt at applying a bulk import, in seconds (pg-boss expiry). */
  bulkImportJobs: { expireInSeconds: number };
  /** pg-boss supervisor round (expired jobs are failed at the next round), in seconds. */
  jobSuperviseIntervalSeconds: number;
  /** Products export time limit in ms (spec §9: 2 minutes). */
  exportTimeLimitMs: number;
  /** The metrics and health listener beside the web port; `port` undefined: none. */
  metrics: { port?: number; host: string };
  /** Absolute session lifetime from sign-in, in hours (SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  /** Days the LTI launch log keeps a launch (LTI_LAUNCH_LOG_RETENTION_DAYS). */
  ltiLaunchLogRetentionDays: number;
  /** Serve the built SPA from dist/web when present. */
  serveWeb: boolean;
  /** Start pg-boss workers in this process. */
  runWorkers: boolean;
  /** OpenID Connect providers (OIDC_<n>_*), account creation (OIDC_CREATE_ACCOUNTS), password sign-in (AUTH_LOCAL). */
  sso: SsoConfig;
}

export class ConfigError extends Error {}

/**
 * Parses the environment. A bad value throws ConfigError with one line naming the variable. `tty`
 * (whether stdout is a terminal) picks the log format when LOG_FORMAT is not set.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  tty = process.stdout.isTTY === true,
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  if (e.METRICS_PORT && e.METRICS_PORT === e.PORT && e.ROLE !== 'worker') {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT=${JSON.stringify(env.METRICS_PORT)}: must differ from PORT (metrics are never served on the web port)`,
    );
  }
  const d = ENV_DEFAULTS[e.APP_ENV];
  let sso: SsoConfig;
  try {
    sso = parseSsoConfig(env, e.APP_ENV);
  } catch (err) {
    if (!(err instanceof SsoConfigError)) throw err;
    throw new ConfigError(
      `Invalid configuration: ${err.variable}=${JSON.stringify(err.variable.endsWith('SECRET') ? '…' : (env[err.variable] ?? ''))}: ${err.reason}`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appEnv: e.APP_ENV,
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    pgliteDir: `${e.DATA_DIR}/pglite`,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (tty ? 'pretty' : 'json'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    demoPassword: e.DEMO_PASSWORD,
    demoSeed: e.DEMO_SEED ?? (!e.DATABASE_URL && e.APP_ENV !== 'prod'),
    urls: {
      help: e.HELP_URL ?? `${d.host}/help`,
      terms: e.TERMS_URL ?? `${d.host}/terms-of-use`,
      privacy: e.PRIVACY_URL ?? `${d.host}/privacy-policy`,
      account: e.ACCOUNT_URL ?? `${d.host}/account`,
      console: e.CONSOLE_URL ?? `${d.host}/console`,
    },
    internalGroupId: e.INTERNAL_GROUP_ID ?? d.internalGroupId,
    internalEmailDomains: e.INTERNAL_EMAIL_DOMAINS,
    trustProxy: e.TRUST_PROXY ?? false,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    lowEnrollmentThreshold: e.LOW_ENROLLMENT_THRESHOLD,
    lowEnrollmentAfterDays: e.LOW_ENROLLMENT_AFTER_DAYS,
    optReminderDays: e.OPT_REMINDER_DAYS,
    copyJobs: {
      retryLimit: e.COPY_RETRY_LIMIT,
      retryDelay: e.COPY_RETRY_DELAY_SECONDS,
      retryDelayMax: e.COPY_RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: e.COPY_JOB_TIMEOUT_SECONDS,
    },
    bulkImportJobs: { expireInSeconds: e.BULK_IMPORT_JOB_TIMEOUT_SECONDS },
    jobSuperviseIntervalSeconds: e.JOB_SUPERVISE_INTERVAL_SECONDS,
    exportTimeLimitMs: e.EXPORT_TIME_LIMIT_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    sessionMaxHours: e.SESSION_MAX_HOURS,
    ltiLaunchLogRetentionDays: e.LTI_LAUNCH_LOG_RETENTION_DAYS,
    serveWeb: e.ROLE !== 'worker',
    runWorkers: e.ROLE !== 'api',
    sso,
  };
}
