/**
 * The two databases a bench runs on: a fresh in-memory PGlite, and a scratch PostgreSQL database
 * (created and dropped here, so the shared `test` database is never touched). BENCH_DATABASE_URL,
 * else DATABASE_URL, else the local server names where the scratch database is made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { ensureInternalGroup } from '../src/server/db/internal-group';
import { seedDemo } from '../src/server/db/seed';

export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function onPglite<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = openDatabase({});
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.close();
  }
}

/** A scratch PostgreSQL database for `run` (created and dropped here); its URL is passed. */
export async function withScratchDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const scratch = `cwa_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${scratch}`);
    const url = new URL(PG_URL);
    url.pathname = `/${scratch}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

/** A migrated scratch PostgreSQL database (withScratchDatabase) opened for `run`. */
export function onScratchPostgres<T>(
  name: string,
  run: (database: Database) => Promise<T>,
  poolMax = 10,
): Promise<T> {
  return withScratchDatabase(name, async (url) => {
    const database = openDatabase({ databaseUrl: url, poolMax });
    try {
      await database.migrate();
      return await run(database);
    } finally {
      await database.close();
    }
  });
}

/**
 * Migrates, and seeds the demo world at `scale` unless the database already has one (then says how
 * long the seeding took); statistics are gathered afresh, as autovacuum would on a database in use.
 */
export async function seedBenchWorld(
  database: Database,
  opts: { scale: number; label: string; internalGroupId: string; steadyInstitutions?: string[] },
) {
  await database.migrate();
  await ensureInternalGroup(database.db, opts.internalGroupId);
  const started = performance.now();
  const report = await seedDemo(database.db, {
    password: 'demo-pass-1',
    internalGroupId: opts.internalGroupId,
    scale: opts.scale,
    ...(opts.steadyInstitutions ? { steadyInstitutions: opts.steadyInstitutions } : {}),
    log: (m) => console.log(`    [seed ${opts.label}] ${m}`),
  });
  if (report)
    console.log(`    seeded ${opts.label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.sql.executeSql('analyze');
}

/** p50, p95 and max of a list of milliseconds. */
export function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/**
 * Times `calls` GETs of `url` after `warmUp` untimed ones (each must answer 200): p50, p95 and max,
 * and the `total` of the last answer (the rows the list holds).
 */
export async function timeList(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  { warmUp, calls }: { warmUp: number; calls: number },
) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < warmUp + calls; i++) {
    const started = performance.now();
    const res = await app.inject({ url, headers });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= warmUp) times.push(ms);
    rows = res.json().total;
  }
  return { rows, ...percentiles(times) };
}

/** Runs `run` against the app (API role, silent, its own temporary DATA_DIR) on `database`, then closes it. */
export async function withBenchApp<T>(
  database: Database,
  run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cwa-bench-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api' }), {
    database,
    logger: false,
  });
  try {
    await app.ready();
    return await run(app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The scales a bench runs, from an env list such as "1,10,50" (whole numbers above 0), else `fallback`. */
export const scalesOf = (list: string | undefined, fallback: string) =>
  (list ?? fallback)
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
