import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { PAIR_MAX_FAILURES } from '../modules/auth/login-limits';
import { copyCourse, createCopyWorld, FAST_COPY_ENV, postCopy, waitForRequest } from '../test/copy-fixtures';
import { bearer, createInstitution, createRole, createUser, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { sample, scrape } from '../test/metrics-text';
import { waitFor } from '../test/wait-for';
import { multipart, XLSX_TYPE, xlsx } from '../test/xlsx-files';
import { NO_ROUTE } from './http-metrics';
import { type MetricsServer, startMetricsServer } from './metrics-server';

const BULK = '/api/registrarUser/instructor/bulkAccountCreation';
const quiet = { info: () => {}, error: () => {} };
const PG = Boolean(process.env.TEST_DATABASE_URL);

describe('metrics of an app with workers, read from its metrics listener', () => {
  let t: TestApp;
  let server: MetricsServer;
  const metrics = async () => {
    const page = await scrape(server.port);
    expect(page.status).toBe(200);
    return page.text;
  };

  beforeAll(async () => {
    t = await createTestApp({ workers: true, env: FAST_COPY_ENV });
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' }, quiet);
    server.attach(t.app);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('serves the Prometheus text format with the process metrics and the database in use', async () => {
    const page = await scrape(server.port);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(page.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(page.text, 'database_info', { kind: PG ? 'postgres' : 'pglite' })).toBe(1);
    expect(sample(page.text, 'job_queue_up')).toBe(1);
  });

  it('counts refused sign-ins by reason: bad password, then the 429 of the account limit', async () => {
    const inst = await createInstitution(t.db, 'Metrics Login College');
    await createUser(t.db, 'metrics-login');
    await createRole(t.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, []);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'metrics-login', password: 'wrong-password' },
      });
    for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).toBe(401);
    expect(sample(await metrics(), 'auth_login_refusals_total', { reason: 'invalidCredentials' })).toBe(2);

    for (let i = 2; i < PAIR_MAX_FAILURES; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    const text = await metrics();
    expect(sample(text, 'auth_login_refusals_total', { reason: 'invalidCredentials' })).toBe(
      PAIR_MAX_FAILURES,
    );
    expect(sample(text, 'auth_login_refusals_total', { reason: 'tooManyAttemptsAccount' })).toBe(1);
  });

  it('observes request latency under the route pattern, method and status code', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/app/config' })).statusCode).toBe(200);
    for (const id of [crypto.randomUUID(), crypto.randomUUID()]) {
      expect((await t.app.inject({ url: `${BULK}/${id}` })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/no/such/path.txt' })).statusCode).toBe(404);
    const text = await metrics();
    const count = (route: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status });
    expect(count('/api/app/config', '200')).toBe(3);
    expect(count(`${BULK}/:importId`, '401')).toBe(2);
    expect(count(NO_ROUTE, '404')).toBe(1);
    expect(text).not.toContain('/no/such/path.txt');
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/app/config',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(3);
  });

  it('counts a course copy that reached its final status', async () => {
    const w = await createCopyWorld(t.db, 'metrics-copy');
    const token = await login(t.app, 'metrics-copy-admin');
    const before = sample(await metrics(), 'course_copy_outcomes_total', { status: 'succeeded' }) ?? 0;
    const { trackingId } = await postCopy(t.app, token, w.institution.id, [
      copyCourse(w.source.id, 'Metrics Copy 1'),
    ]);
    const done = await waitForRequest(t.app, token, w.institution.id, trackingId);
    expect(done.statuses.map((s) => s.status)).toEqual(['succeeded']);
    expect(sample(await metrics(), 'course_copy_outcomes_total', { status: 'succeeded' })).toBe(before + 1);
  }, 60_000);

  it('counts a bulk import that reached its final status', async () => {
    const inst = await createInstitution(t.db, 'Metrics Import College');
    await createUser(t.db, 'metrics-registrar');
    const registrar = await createUser(t.db, 'metrics-registrar-2');
    await createRole(t.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [registrar.id]);
    await createRole(t.db, inst.id, 'Instructor', ['CAN_ENROLL_STUDENTS'], []);
    const auth = bearer(await login(t.app, 'metrics-registrar-2'));
    const body = multipart(
      'accounts.xlsx',
      await xlsx([
        ['Ada', 'Metrics', 'ada.metrics@metrics.example.edu', '', 'Instructor'],
        ['Grace', 'Metrics', 'grace.metrics@metrics.example.edu', '', 'Instructor'],
      ]),
      XLSX_TYPE,
    );
    const up = await t.app.inject({
      method: 'POST',
      url: `${BULK}?organizationId=${inst.id}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(202);
    const importId: string = up.json().importId;
    const status = async () =>
      (await t.app.inject({ url: `${BULK}/${importId}`, headers: auth })).json().status;
    await waitFor(async () => (await status()) === 'previewed', 60_000, 'the preview');
    expect(sample(await metrics(), 'bulk_import_outcomes_total', { status: 'done' })).toBeUndefined();
    const commit = await t.app.inject({
      method: 'POST',
      url: `${BULK}/${importId}/commit`,
      headers: auth,
      payload: { mode: 'createAndUpdate' },
    });
    expect(commit.statusCode).toBe(202);
    await waitFor(async () => (await status()) === 'done', 60_000, 'the import');
    expect(sample(await metrics(), 'bulk_import_outcomes_total', { status: 'done' })).toBe(1);
  }, 90_000);

  it('the web port does not serve the metrics', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('# HELP');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it.runIf(PG)('reports the node-postgres pool', async () => {
    const text = await metrics();
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'db_pool_max_connections')).toBe(5);
  });
});

describe('job queue sizes', () => {
  let t: TestApp;
  let server: MetricsServer;
  beforeAll(async () => {
    // ROLE=api: no workers, so queued jobs stay queued
    t = await createTestApp();
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' }, quiet);
    server.attach(t.app);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("reflect pg-boss's own counts per queue and state at scrape time", async () => {
    const jobs = () => scrape(server.port).then((p) => p.text);
    const queued = (text: string) =>
      sample(text, 'job_queue_jobs', { queue: 'recycle-bin.purge', state: 'created' });
    expect(queued(await jobs())).toBe(0);
    for (let i = 0; i < 3; i++) await t.app.jobs.boss.send('recycle-bin.purge', {});
    const text = await jobs();
    expect(queued(text)).toBe(3);
    expect(sample(text, 'job_queue_jobs', { queue: 'recycle-bin.purge', state: 'active' })).toBe(0);
    expect(sample(text, 'job_queue_jobs', { queue: 'copy.course', state: 'created' })).toBe(0);
  });
});

describe('the metrics listener', () => {
  it('answers 503 on /readyz and /metrics until an app is attached, and 404 JSON elsewhere', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' }, quiet);
    let t: TestApp | undefined;
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 503,
        message: 'error.unavailable',
        description: 'starting',
      });
      expect((await fetch(`${base}/metrics`)).status).toBe(503);
      const other = await fetch(`${base}/api/auth/session`);
      expect(other.status).toBe(404);
      expect((await other.json()).message).toBe('error.routeNotFound');

      t = await createTestApp();
      server.attach(t.app);
      const after = await fetch(`${base}/readyz`);
      expect(after.status).toBe(200);
      expect((await after.json()).status).toBe('ready');
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
    } finally {
      await server.close();
      await t?.close();
    }
  }, 60_000);
});
