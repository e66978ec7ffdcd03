import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authApi } from '../shared/contract/auth';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openTestDatabase } from './test/harness';

/** `npm start` listens before its job queue has started: nothing may reach the API before the queue. */
describe('job queue started after listening (deferJobs)', () => {
  it('answers /readyz 503 and holds API requests until the queue is up once listening', async () => {
    const database = await openTestDatabase();
    await database.migrate();
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ROLE: 'all' }), {
      database,
      logger: false,
      migrated: true,
      deferJobs: true,
    });
    try {
      await app.ready();
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const notReady = await app.inject({ url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().description).toBe('job queue not started');

      let answered = false;
      const login = app
        .inject({
          method: authApi.login.method,
          url: authApi.login.path,
          payload: { username: 'nobody', password: 'wrong-password' },
        })
        .then((res) => {
          answered = true;
          return res;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false); // waiting for the queue, which starts with listening

      await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await login;
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.invalidCredentials');
      await app.jobsStarted;
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().status).toBe('ready');
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('serves the web pages and files before the queue is up', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'cwa-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Courseware Admin</title>');
    writeFileSync(join(webDir, 'app.css'), 'body{}');
    const database = await openTestDatabase();
    await database.migrate();
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ROLE: 'all' }), {
      database,
      logger: false,
      migrated: true,
      deferJobs: true,
      webDir,
    });
    try {
      await app.ready();
      // not listening, so the queue has not started: the first page after a start does not wait for it
      const page = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Courseware Admin</title>');
      expect((await app.inject({ url: '/app.css' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
