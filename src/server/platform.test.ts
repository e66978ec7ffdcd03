import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { buildApp } from './app';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness';
import { undeclaredRoutes } from './plugins/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every /api route declares a capability rule and an institution scope', () => {
    const api = t.app.declaredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    expect(api.length).toBeGreaterThan(5);
    expect(undeclaredRoutes(t.app.declaredRoutes)).toEqual([]);
    for (const r of api) expect(r.access?.org).toBeDefined();
  });

  it('the check flags a route without a declaration', () => {
    expect(undeclaredRoutes([{ method: 'GET', url: '/api/sneaky' }])).toHaveLength(1);
  });

  it('an undeclared /api route is refused at run time (fail closed)', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ROLE: 'api' }), { database, logger: false });
    app.get('/api/sneaky', async () => ({ secret: true }));
    try {
      const res = await app.inject({ url: '/api/sneaky' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
      expect(undeclaredRoutes(app.declaredRoutes).map((r) => r.url)).toEqual(['/api/sneaky']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('health, docs and errors', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes an OpenAPI 3 document listing every /api route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const routes = t.app.declaredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    for (const r of routes) expect(documented).toContain(`${r.method} ${r.url}`);
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'error.routeNotFound' });
  });

  it('answers a route with and without a trailing slash, as the spec writes some calls', async () => {
    const plain = await t.app.inject({ url: '/api/app/config' });
    const slashed = await t.app.inject({ url: '/api/app/config/' });
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
    const unauthenticated = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/editSection/',
      payload: {},
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('sends security headers with a CSP that allows only self for scripts', async () => {
    const res = await t.app.inject({ url: '/api/app/config' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json().env).toBe('dev');
  });
});

describe('configuration', () => {
  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT="eighty"/);
    expect(() => loadConfig({ APP_ENV: 'moon' })).toThrow(/APP_ENV/);
  });

  it('selects links and the internal group per APP_ENV, each overridable', () => {
    const qa = loadConfig({ APP_ENV: 'qa' });
    const prod = loadConfig({ APP_ENV: 'prod', HELP_URL: 'https://help.example.org/' });
    expect(qa.internalGroupId).not.toBe(prod.internalGroupId);
    expect(qa.urls.terms).toContain('qa.');
    expect(prod.urls.help).toBe('https://help.example.org/');
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).demoSeed).toBe(false);
  });
});

describe('serving the web app', () => {
  const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let webDir: string;
  let web: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'cwa-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'main-AbCd1234.js'), APP_JS);
    writeFileSync(join(webDir, 'assets', 'main-AbCd1234.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(join(webDir, 'assets', 'main-AbCd1234.js.gz'), gzipSync(APP_JS));
    database = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: webDir, LOG_LEVEL: 'silent', ROLE: 'api' });
    web = await buildApp(config, { database, logger: false, webDir });
  });
  afterAll(async () => {
    await web.close();
    await database.close();
  });

  it('answers every client route, GET or HEAD, with the SPA shell', async () => {
    for (const url of ['/institution/courseDetail/12', '/ltiIntegrations', '/apiary', '/no/such/page']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
    }
    expect((await web.inject({ method: 'HEAD', url: '/users' })).statusCode).toBe(200);
  });

  it('sends the brotli or gzip copy a browser accepts, hashed files cached for a year, the shell revalidated', async () => {
    const url = '/assets/main-AbCd1234.js';
    const br = await web.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const plain = await web.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    for (const page of ['/', '/index.html', '/users']) {
      expect((await web.inject({ url: page })).headers['cache-control'], page).toBe('no-cache');
    }
  });

  it('serves a file written after the start (a rebuild while running)', async () => {
    writeFileSync(join(webDir, 'assets', 'late-ZyXw9876.js'), 'late()');
    const res = await web.inject({ url: '/assets/late-ZyXw9876.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('late()');
  });

  it('keeps /api and /lti paths and missing files as 404 JSON', async () => {
    for (const url of ['/api/nope', '/lti', '/lti/launch', '/missing.js']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('error.routeNotFound');
    }
  });
});
