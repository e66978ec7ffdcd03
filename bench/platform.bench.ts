import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { withDatabase } from '../src/server/test/global-setup';
import { authApi } from '../src/shared/contract/auth';
import { routeRequest } from './api';
import pg from 'pg';

const PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, database: Database) {
  let t = performance.now();
  await database.migrate();
  const migrateMs = performance.now() - t;
  t = performance.now();
  const report = await seedDemo(database.db, {
    password: 'demo-pass-1',
    internalGroupId: 'ead-internal-dev',
  });
  const seedMs = performance.now() - t;
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ROLE: 'api' }), { database, logger: false });
  const login = await app.inject(
    routeRequest(authApi.login, { body: { username: 'registrar', password: 'demo-pass-1' } }),
  );
  const session = routeRequest(authApi.session);
  const token = login.json().token;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await app.inject({ ...session, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  await app.close();
  console.log(
    `${label}: migrate ${migrateMs.toFixed(0)} ms, seed ${seedMs.toFixed(0)} ms (${report?.sections} sections, ${report?.enrollments} enrollments), ` +
      `${session.method} ${session.url} p50 ${percentile(times, 50).toFixed(1)} ms p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}

export async function benchPlatform() {
  const lite = openDatabase({});
  await measure('PGlite', lite);
  await lite.close();

  const name = `cwa_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const db = openDatabase({ databaseUrl: withDatabase(PG, name) });
  try {
    await measure('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPlatform().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
