import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { JobTestHooks } from '../jobs/define';
import {
  pathOf,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
} from '../../shared/contract/route';
import { CSRF_HEADER, SESSION_COOKIE } from '../../shared/session-cookies';
import { PERSONA_KEYS } from '../db/seed/personas';
import { csrfTokenOf } from '../lib/session/session-cookie';
import { PASSWORD } from './fixtures';
import { authApi } from '../../shared/contract/auth';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  dataDir: string;
  /** Requests as `persona` (a username), signed in once per app; see `personaClient`. */
  as(persona: string, password?: string): PersonaClient;
  /** Signs `persona` in anew: a client with a session of its own (for tests of the session itself). */
  signIn(persona: string, password?: string): Promise<PersonaClient>;
  close(): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Extra = Pick<InjectOptions, 'headers' | 'query'>;
/** One persona's requests: each returns the inject response (`.statusCode`, `.json()`, `.body`). */
export interface PersonaClient {
  get(url: string, extra?: Extra): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  request(method: Method, url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  /** Calls a contract route (its method and path from the contract) with typed params, query and body. */
  call<D extends RouteSpec>(route: D, input?: RouteInput<D>): Promise<LightMyRequestResponse>;
  /** The session token (for a test that must send it another way). */
  token(): Promise<string>;
}

/** A contract route's path parameters, query and body, as a test sends them. */
export interface RouteInput<D extends RouteSpec> {
  params?: RouteParams<D>;
  query?: RouteQuery<D>;
  body?: RouteBody<D>;
  headers?: Extra['headers'];
}

/**
 * `as(persona)` for one app: signs each persona in with a password once (the demo personas with
 * DEMO_PASSWORD, test users with PASSWORD) and sends its session cookie and CSRF header, as the
 * browser does, on every request after that.
 */
export function personaClients(app: FastifyInstance) {
  const sessions = new Map<string, Promise<string>>();
  return (persona: string, password?: string): PersonaClient => {
    const token = () => {
      let s = sessions.get(persona);
      if (!s) {
        s = signInToken(app, persona, password);
        sessions.set(persona, s);
        s.catch(() => sessions.delete(persona));
      }
      return s;
    };
    return clientOf(app, token);
  };
}

/** A client with a fresh session of its own, unlike `as(persona)` which signs in once per app. */
async function signedInClient(app: FastifyInstance, persona: string, password?: string) {
  const session = await signInToken(app, persona, password);
  return clientOf(app, async () => session);
}

async function signInToken(app: FastifyInstance, username: string, password?: string) {
  const pass =
    password ?? ((PERSONA_KEYS as readonly string[]).includes(username) ? app.config.demoPassword : PASSWORD);
  const res = await app.inject({
    method: authApi.login.method,
    url: authApi.login.path,
    payload: { username, password: pass },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`sign-in of ${username}: no session cookie`);
  return cookie.value;
}

/** Sends the session cookie and CSRF header of `token()`, as the browser does, on every request. */
function clientOf(app: FastifyInstance, token: () => Promise<string>): PersonaClient {
  const request = async (method: Method, url: string, body?: unknown, extra: Extra = {}) => {
    const session = await token();
    return app.inject({
      method,
      url,
      query: extra.query,
      headers: {
        cookie: `${SESSION_COOKIE}=${session}`,
        origin: new URL(app.config.publicUrl).origin,
        [CSRF_HEADER]: csrfTokenOf(session),
        ...extra.headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  };
  return {
    get: (url, extra) => request('GET', url, undefined, extra),
    delete: (url, body, extra) => request('DELETE', url, body, extra),
    post: (url, body, extra) => request('POST', url, body, extra),
    put: (url, body, extra) => request('PUT', url, body, extra),
    patch: (url, body, extra) => request('PATCH', url, body, extra),
    request,
    call: (route, input = {}) =>
      request(route.method, pathOf(route, input.params), input.body, {
        query: input.query as Extra['query'],
        headers: input.headers,
      }),
    token,
  };
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
  opts: { workers?: boolean; env?: Record<string, string>; now?: () => Date; testHooks?: JobTestHooks } = {},
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
  const app = await buildApp(config, { database, logger: false, now: opts.now, testHooks: opts.testHooks });
  await app.ready();
  return {
    app,
    as: personaClients(app),
    signIn: (persona, password) => signedInClient(app, persona, password),
    database,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
