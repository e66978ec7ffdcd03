import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionsApi } from '../../shared/contract/institutions';
import { urlOf } from '../../shared/contract/route';
import { rolesApi } from '../../shared/contract/roles';
import { bearer, createInstitution, createUser, login } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { isConnectionLost, isDatabaseFailure, isPlainRead } from './connection-loss';

describe('connection-lost errors are told apart from query errors', () => {
  it.each([
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '08006' }, true],
    [{ code: 'ECONNRESET' }, true],
    [new Error('Connection terminated unexpectedly'), true],
    [{ message: 'Failed query: select 1', cause: { code: '57P01' } }, true],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, false],
    [{ code: '22P02' }, false],
    [new Error('boom'), false],
  ])('%o → %s', (err, expected) => {
    expect(isConnectionLost(err)).toBe(expected);
  });

  // a job retries these instead of blaming the user's file
  it.each([
    [{ message: 'Failed query: insert into "bulk_import_rows"', cause: { code: '23505' } }, true],
    [{ code: '40P01' }, true],
    [{ code: 'ECONNREFUSED' }, true],
    [new Error('Connection terminated unexpectedly'), true],
    [new Error('invalid signature 0x4034b50'), false],
    [{ code: 'ERR_INVALID_ARG_TYPE' }, false],
  ])('%o is a database failure: %s', (err, expected) => {
    expect(isDatabaseFailure(err)).toBe(expected);
  });

  it.each([
    ['select "id" from "institutions"', true],
    ['  SELECT 1', true],
    ['select * from "groups" for update', false],
    ['insert into "groups" values (1)', false],
    ["select nextval('x')", false],
    ['with x as (delete from t returning *) select * from x', false],
  ])('%s is a plain read: %s', (text, expected) => {
    expect(isPlainRead(text)).toBe(expected);
  });
});

// PGlite runs inside the test process: it has no connection that can be dropped.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL backends killed with pg_terminate_backend (PostgreSQL only: PGlite has no connections to drop)',
  () => {
    let t: TestApp;
    let token: string;
    let orgId: number;
    let admin: pg.Client;

    beforeAll(async () => {
      t = await createTestApp();
      orgId = (await createInstitution(t.db, 'Dropped Link College')).id;
      await createUser(t.db, 'drop-boss', { superAdmin: true });
      token = await login(t.app, 'drop-boss');
      const { rows } = await t.database.sql.executeSql('select current_database() as db');
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${rows[0].db}`;
      admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    /** Backends of this database (not ours) waiting on a lock: requests in flight. */
    async function waitingBackends(n: number) {
      for (;;) {
        const { rows } = await admin.query(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        if (rows.length >= n) return rows.map((r) => r.pid as number);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const terminate = (pids: number[]) =>
      admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);

    it('reads in flight when their connections are killed answer 200 (retried on a fresh connection)', async () => {
      const read = () =>
        t.app.inject({
          method: institutionsApi.filterByName.method,
          url: urlOf(institutionsApi.filterByName, { query: { name: 'Dropped' } }),
          headers: bearer(token),
        });
      await read(); // the session is touched now, so the reads below only read
      await admin.query('begin');
      await admin.query('lock table institutions in access exclusive mode');
      const inFlight = Array.from({ length: 4 }, read);
      await waitingBackends(1);
      // Every connection of the app: the read waiting on the lock and the idle ones the others will get.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.query('rollback');
      const answers = await Promise.all(inFlight);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      for (const r of answers)
        expect(r.json().organizations.map((o: { orgId: number }) => o.orgId)).toContain(orgId);
    });

    it('a connection killed while checked out between statements does not stop the process', async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        const { rows } = await client.query('select pg_backend_pid() as pid');
        const closed = new Promise((r) => client.once('end', r));
        await terminate([rows[0].pid]);
        await closed; // its 'error' event came first: unhandled, it would have stopped the process here
        const next = await client.query('select 1').then(
          () => null,
          (e: unknown) => e,
        );
        expect(isConnectionLost(next)).toBe(true);
      } finally {
        client.release(true);
      }
    });

    it('the pool recovers from killed idle connections: the next reads answer 200', async () => {
      const reads = () =>
        Promise.all(
          Array.from({ length: 6 }, () =>
            t.app.inject({
              method: institutionsApi.filterByName.method,
              url: urlOf(institutionsApi.filterByName, { query: { name: '' } }),
              headers: bearer(token),
            }),
          ),
        );
      // the earlier tests may leave the pool without a connection of its own: six reads side by side open some
      await reads();
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(rows.length).toBeGreaterThan(0);
      const answers = await reads();
      for (const r of answers) expect(r.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('a write whose connection is killed answers 503 with Retry-After and leaves nothing half-written', async () => {
      const count = async () =>
        (await admin.query("select count(*)::int as n from groups where name = 'Dropped Role'")).rows[0].n;
      await admin.query('begin');
      // Only writes add audit rows: the write blocks inside its transaction, after its role insert.
      await admin.query('lock table audit_log in access exclusive mode');
      const write = t.app.inject({
        method: rolesApi.create.method,
        url: rolesApi.create.path,
        payload: { contextId: orgId, name: 'Dropped Role', permissions: [] },
        headers: bearer(token),
      });
      const finishedUnblocked = write.then((r) => {
        throw new Error(`the write answered ${r.statusCode} before it waited on the lock: ${r.body}`);
      });
      finishedUnblocked.catch(() => {}); // after it waited, its answer is checked below
      await terminate(await Promise.race([waitingBackends(1), finishedUnblocked]));
      await admin.query('rollback');
      const res = await write;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, message: 'error.unavailable' });
      expect(await count()).toBe(0);
    });
  },
);
