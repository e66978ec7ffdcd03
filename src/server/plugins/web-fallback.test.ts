import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/harness';
import { acceptsHtml } from './web-fallback';

/** What a browser sends when it opens a page. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const PROMETHEUS =
  'application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.3,*/*;q=0.1';

describe('unknown paths beside the built web app', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'cwa-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'main-AbCd1234.js'), 'main()');
    database = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: webDir, LOG_LEVEL: 'silent', ROLE: 'api' });
    app = await buildApp(config, { database, logger: false, webDir });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers the web app’s own deep links with index.html', async () => {
    for (const url of [
      '/institution/3/courses',
      '/institution/courseDetail/12?tab=2',
      '/users',
      '/no/such/page',
      '/apiary',
      '/healthcheck-notes',
    ]) {
      for (const accept of [BROWSER, '*/*', undefined]) {
        const res = await app.inject({ url, headers: accept ? { accept } : {} });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<title>shell</title>');
      }
    }
  });

  it('answers other unknown paths with the 404 JSON error, whatever the client accepts', async () => {
    const urls = [
      '/metrics',
      '/health',
      '/healthz/deep',
      '/readyz/x',
      '/livez',
      '/api',
      '/api/unknown',
      '/api/v2/courses?x=1',
      '/lti/unknown',
      '/.well-known/openid-configuration',
      '/assets/gone-Zz998877',
      '/assets/old-Zz998877.js',
      '/favicon.ico',
      '/wp-login.php',
    ];
    for (const url of urls) {
      for (const accept of [BROWSER, PROMETHEUS, '*/*']) {
        const res = await app.inject({ url, headers: { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          status: 404,
          message: 'error.routeNotFound',
          description: `No route GET ${url.split('?')[0]}.`,
        });
      }
    }
  });

  it('answers a page path with 404 JSON to a client that does not take HTML, or to a POST', async () => {
    const json = await app.inject({ url: '/institution/3/courses', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json().message).toBe('error.routeNotFound');
    const refused = await app.inject({
      url: '/users',
      headers: { accept: 'text/html;q=0, application/json' },
    });
    expect(refused.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/institution', headers: { accept: BROWSER } });
    expect(post.statusCode).toBe(404);
    expect(post.json().description).toBe('No route POST /institution.');
  });

  it('tells which Accept headers take HTML', () => {
    expect(acceptsHtml(undefined)).toBe(true);
    expect(acceptsHtml(BROWSER)).toBe(true);
    expect(acceptsHtml('text/*')).toBe(true);
    expect(acceptsHtml('application/json')).toBe(false);
    expect(acceptsHtml('text/plain, */*;q=0')).toBe(false);
    expect(acceptsHtml('TEXT/HTML; q=0.5')).toBe(true);
  });
});
