import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '../../../shared/contract/auth';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { loginAttempts } from '../../db/schema';
import { createUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness';
import {
  ACCOUNT_DELAY_MAX_MS,
  ADDRESS_MAX_FAILURES,
  accountDelayMs,
  PAIR_MAX_FAILURES,
} from './login-limits';
import { PROXY_WARNING } from './proxy-warning';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, 'owner');
  await createUser(t.db, 'busy');
  await createUser(t.db, 'shared');
});
afterAll(() => t?.close());

const signIn = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: authApi.login.method,
    url: authApi.login.path,
    payload: { username, password },
    remoteAddress,
  });

/** Failed attempts written straight to the table, as many attackers would leave them. */
async function failures(n: number, row: (i: number) => { username: string; ip: string }) {
  const rows = Array.from({ length: n }, (_, i) => ({ ...row(i), succeeded: false }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(loginAttempts).values(rows.slice(i, i + 500));
}

describe('sign-in limits', () => {
  it('throttles the attacker’s address for the account while the owner signs in from elsewhere', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) {
      expect((await signIn('owner', 'guess', attacker)).statusCode).toBe(401);
    }
    const throttled = await signIn('owner', PASSWORD, attacker);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      message: 'error.tooManyAttemptsAccount',
      description: 'Too many failed sign-in attempts for this account. Wait 15 minutes and try again.',
    });

    const owner = await signIn('owner', PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));

    // The attacker stays throttled on that account.
    expect((await signIn('owner', PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('slows an account attacked from many addresses without locking it', async () => {
    await failures(15, (i) => ({ username: 'busy', ip: `192.0.2.${i + 1}` }));
    const res = await signIn('busy', PASSWORD, '198.51.100.8');
    expect(res.statusCode).toBe(200);
  });

  it('the wait grows with the account’s failures and is capped', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(PAIR_MAX_FAILURES)).toBe(0);
    expect(accountDelayMs(PAIR_MAX_FAILURES + 1)).toBeGreaterThan(0);
    expect(accountDelayMs(PAIR_MAX_FAILURES + 5)).toBeGreaterThan(accountDelayMs(PAIR_MAX_FAILURES + 1));
    expect(accountDelayMs(100_000)).toBe(ACCOUNT_DELAY_MAX_MS);
  });

  it('many people behind one address are not locked out by a few dozen failures', async () => {
    const office = '198.51.100.200';
    await failures(60, (i) => ({ username: `someone-${i}`, ip: office }));
    expect((await signIn('shared', PASSWORD, office)).statusCode).toBe(200);
  });

  it('an address past its high ceiling is refused for every account', async () => {
    const flood = '203.0.113.99';
    await failures(ADDRESS_MAX_FAILURES, (i) => ({ username: `target-${i}`, ip: flood }));
    const res = await signIn('shared', PASSWORD, flood);
    expect(res.statusCode).toBe(429);
    expect(res.json().description).toBe(
      'Too many failed sign-in attempts from this address. Wait 15 minutes and try again.',
    );
    expect((await signIn('shared', PASSWORD, '198.51.100.201')).statusCode).toBe(200);
  });
});

describe('running behind a proxy without TRUST_PROXY', () => {
  async function appLogging(trustProxy: string) {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cwa-test-')),
      ROLE: 'api',
      TRUST_PROXY: trustProxy,
    });
    const app = await buildApp(config, {
      database,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { app, lines, close };
  }
  const proxied = { 'x-forwarded-for': '198.51.100.9' };
  const warnings = (lines: string[]) => lines.filter((l) => l.includes(PROXY_WARNING));

  it('logs one warning at the first forwarded sign-in call', async () => {
    const a = await appLogging('false');
    try {
      for (let i = 0; i < 3; i++) {
        await a.app.inject({
          method: authApi.login.method,
          url: authApi.login.path,
          headers: proxied,
          payload: { username: 'nobody', password: 'x' },
        });
      }
      expect(warnings(a.lines)).toHaveLength(1);
      expect(JSON.parse(warnings(a.lines)[0]).level).toBe(40);
    } finally {
      await a.close();
    }
  });

  it.each(['1', '10.0.0.0/8,127.0.0.1'])('stays quiet when TRUST_PROXY is set (%s)', async (trust) => {
    const a = await appLogging(trust);
    try {
      await a.app.inject({
        method: authApi.login.method,
        url: authApi.login.path,
        headers: proxied,
        payload: { username: 'nobody', password: 'x' },
      });
      expect(warnings(a.lines)).toHaveLength(0);
    } finally {
      await a.close();
    }
  });
});
