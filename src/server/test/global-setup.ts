import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/**
 * With TEST_DATABASE_URL set, the API suites run on PostgreSQL: one migrated template database per
 * run, cloned for each test file, all dropped at the end. Without it they run on in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const run = `cwa_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${run}_tpl`);
  const tplUrl = withDatabase(url, `${run}_tpl`);
  const tpl = openDatabase({ databaseUrl: tplUrl, poolMax: 1 });
  await tpl.migrate();
  await tpl.close();
  project.provide('pgRun', run);
  return async () => {
    const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`${run}%`]);
    for (const r of rows.filter((r) => r.datname !== `${run}_tpl`)) {
      await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${run}_tpl WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgRun: string;
  }
}
