import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { bearer, createInstitution, createRole, createUser, login } from '../test/fixtures';
import { openTestDatabase } from '../test/harness';
import { isQuietRequest } from './request-log';

interface Line {
  level: number;
  msg: string;
  userId?: number;
  actingAsUserId?: number;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/** An app logging JSON at `level` into `lines`, serving a built SPA with one asset. */
async function loggingApp(level: 'info' | 'debug', database: Database) {
  const lines: Line[] = [];
  const webDir = mkdtempSync(join(tmpdir(), 'cwa-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
  const config = loadConfig({ DATA_DIR: webDir, ROLE: 'api', LOG_FORMAT: 'json' }, false);
  const app = await buildApp(config, {
    database,
    webDir,
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, lines };
}

const requestLines = (lines: Line[]) => lines.filter((l) => l.msg === 'request completed');

describe('request logging', () => {
  let database: Database;
  let info: { app: FastifyInstance; lines: Line[] };
  let debug: { app: FastifyInstance; lines: Line[] };
  beforeAll(async () => {
    database = await openTestDatabase();
    info = await loggingApp('info', database);
    debug = await loggingApp('debug', database);
  });
  afterAll(async () => {
    await info.app.close();
    await debug.app.close();
    await database.close();
  });

  it('writes no info line for a static asset, an SPA page, /healthz or /readyz', async () => {
    for (const url of ['/assets/app.js', '/institution', '/healthz', '/readyz']) {
      const res = await info.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(info.lines).toEqual([]);
  });

  it('writes one info line for an /api call, with its method, URL and status', async () => {
    info.lines.length = 0;
    expect((await info.app.inject({ url: '/api/app/config' })).statusCode).toBe(200);
    expect((await info.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    expect(
      requestLines(info.lines).map((l) => [l.level, l.req?.method, l.req?.url, l.res?.statusCode]),
    ).toEqual([
      [30, 'GET', '/api/app/config', 200],
      [30, 'GET', '/api/nope', 404],
    ]);
    expect(info.lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
  });

  it('leaves credentials out of the logged URL: account-setup tokens and LTI launch sessions', async () => {
    info.lines.length = 0;
    const session = 'eyJhbGciOiJIUzI1NiJ9.eyJyZWciOjF9.c2lnbmF0dXJl';
    expect((await info.app.inject({ url: `/lti/landing?session=${session}&lang=fr` })).statusCode).toBe(401);
    await info.app.inject({ url: '/api/account/setup?token=secret-setup-token' });
    expect(requestLines(info.lines).map((l) => l.req?.url)).toEqual([
      '/lti/landing?session=[redacted]&lang=fr',
      '/api/account/setup?token=[redacted]',
    ]);
    const notFound = await info.app.inject({ url: `/api/no-such-route?session=${session}` });
    expect(notFound.statusCode).toBe(404);
    expect(requestLines(info.lines).at(-1)?.req?.url).toBe('/api/no-such-route?session=[redacted]');
    const logged = JSON.stringify(info.lines);
    expect(logged).not.toContain(session);
    expect(logged).not.toContain('secret-setup-token');
  });

  it('names the signed-in user, and the user acted as under act-as', async () => {
    const inst = await createInstitution(database.db, 'Log Larch College');
    const support = await createUser(database.db, 'logsupport', { nasupport: true });
    const registrar = await createUser(database.db, 'logregistrar');
    await createRole(database.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [registrar.id]);
    const token = await login(info.app, 'logsupport');
    info.lines.length = 0;
    expect((await info.app.inject({ url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const started = await info.app.inject({
      method: 'POST',
      url: '/api/act-as/start',
      headers: bearer(token),
      payload: { organizationId: inst.id, userId: registrar.id, reason: 'Ticket 12', minutes: 15 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await info.app.inject({ url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await info.app.inject({ url: '/api/app/config' })).statusCode).toBe(200);
    expect(requestLines(info.lines).map((l) => [l.req?.url, l.userId, l.actingAsUserId])).toEqual([
      ['/api/auth/session', support.id, undefined],
      ['/api/act-as/start', support.id, undefined],
      ['/api/auth/session', support.id, registrar.id],
      ['/api/app/config', undefined, undefined],
    ]);
  });

  it('logs the quiet requests at debug', async () => {
    await debug.app.inject({ url: '/healthz' });
    await debug.app.inject({ url: '/assets/app.js' });
    expect(requestLines(debug.lines).map((l) => [l.level, l.req?.url])).toEqual([
      [20, '/healthz'],
      [20, '/assets/app.js'],
    ]);
  });

  it('tells API calls from the rest by path', () => {
    expect(isQuietRequest('/api')).toBe(false);
    expect(isQuietRequest('/api/courses?page=2')).toBe(false);
    expect(isQuietRequest('/lti/launch')).toBe(false);
    expect(isQuietRequest('/apiary')).toBe(true);
    expect(isQuietRequest('/assets/index-abc.js')).toBe(true);
    expect(isQuietRequest('/healthz')).toBe(true);
  });
});
