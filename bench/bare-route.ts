/**
 * The bare route of the throughput bench, in a process of its own: opens the database named by
 * BARE_DATABASE_URL (PostgreSQL, pool of 10) or BARE_PGLITE_DIR (a copy of the app's PGlite
 * directory: PGlite is one process's), records the SQL statements one call of BARE_PATH makes
 * through the app (built here, not listening; text, parameters and prepared-statement names, on the
 * client Drizzle uses), then serves GET /bare replaying them in order on the same client and answering
 * the last statement's rows as JSON: no hooks, no validation, no serialisation schema, no logging.
 * Prints `BARE <port> <statements as JSON>` once listening.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { authApi } from '../src/shared/contract/auth';
import { routeRequest } from './api';

interface Statement {
  text: string;
  params: unknown[];
  /** The name of a prepared statement (PostgreSQL parses it once per connection), replayed with it. */
  name?: string;
}

/**
 * Wraps the `query` method of the client Drizzle holds (PGlite, or the pg pool) so that statements
 * can be recorded; returns the recorder and a plain query function on the same client.
 */
function recorder(database: Database) {
  // biome-ignore lint/suspicious/noExplicitAny: the driver's client behind Drizzle
  const client = (database.db as any).$client as { query: (...a: any[]) => Promise<any> };
  const original = client.query.bind(client);
  let recording: Statement[] | null = null;
  // biome-ignore lint/suspicious/noExplicitAny: pg and PGlite query overloads, passed through
  client.query = (...args: any[]) => {
    const [config, values, options] = args;
    const text = typeof config === 'string' ? config : config?.text;
    const params = (Array.isArray(values) ? values : config?.values) ?? [];
    // pg names a statement in its config object, PGlite (src/server/db/pglite-named-statements.ts) in its options
    const name = (typeof config === 'object' ? config?.name : options?.name) as string | undefined;
    if (recording && typeof text === 'string' && !/pgboss/i.test(text))
      recording.push({ text, params, ...(name ? { name } : {}) });
    return original(...args);
  };
  const query = (s: Statement): Promise<{ rows: unknown[] }> =>
    !s.name
      ? original(s.text, s.params)
      : database.kind === 'pglite'
        ? original(s.text, s.params, { name: s.name })
        : original({ name: s.name, text: s.text, values: s.params });
  return {
    query,
    async record(run: () => Promise<void>) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

const path = process.env.BARE_PATH;
if (!path) throw new Error('BARE_PATH names the app call to replay');
const database = process.env.BARE_DATABASE_URL
  ? openDatabase({ databaseUrl: process.env.BARE_DATABASE_URL, poolMax: 10 })
  : openDatabase({ pgliteDir: process.env.BARE_PGLITE_DIR });
const rec = recorder(database);
const app = await buildApp(
  loadConfig({ LOG_LEVEL: 'silent', ROLE: 'api', DATA_DIR: process.env.BARE_DATA_DIR }),
  {
    database,
    logger: false,
  },
);
await app.ready();
const login = await app.inject(
  routeRequest(authApi.login, { body: { username: 'registrar', password: 'demo-pass-1' } }),
);
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const headers = { authorization: `Bearer ${login.json().token}` };
// once untimed (caches), then recorded
await app.inject({ url: path, headers });
const statements = await rec.record(async () => {
  const res = await app.inject({ url: path, headers });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
});

const bare = Fastify({ logger: false });
bare.get('/bare', async () => {
  let rows: unknown[] = [];
  for (const s of statements) rows = (await rec.query(s)).rows;
  return rows;
});
await bare.listen({ host: '127.0.0.1', port: 0 });
console.log(
  `BARE ${(bare.server.address() as AddressInfo).port} ${JSON.stringify(statements.map((s) => s.name ?? s.text))}`,
);

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
