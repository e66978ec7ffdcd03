import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openStartDatabase } from './start-database';
import { isLocalUrl, startWarnings } from './start-warnings';

describe('APP_ENV=prod and the demo world', () => {
  it('seeds nothing into an empty embedded database unless asked for explicitly', () => {
    expect(loadConfig({ APP_ENV: 'prod' }).demoSeed).toBe(false);
    expect(loadConfig({ APP_ENV: 'prod', DEMO_SEED: 'true' }).demoSeed).toBe(true);
    expect(loadConfig({ APP_ENV: 'dev' }).demoSeed).toBe(true);
    expect(loadConfig({ APP_ENV: 'qa', DATABASE_URL: 'postgres://x@localhost/db' }).demoSeed).toBe(false);
  });

  it('starts on an empty database with no demo accounts', async () => {
    const config = {
      ...loadConfig({ APP_ENV: 'prod', PUBLIC_URL: 'https://admin.example.edu' }),
      pgliteDir: 'memory://',
    };
    const logged: unknown[] = [];
    const database = await openStartDatabase(config, {
      seedOnly: false,
      log: { info: (m) => logged.push(m) },
    });
    try {
      const institutions = await database.sql.executeSql('select count(*)::int as n from institutions');
      const demoUser = await database.sql.executeSql(`select id from users where username = 'super'`);
      expect(institutions.rows).toEqual([{ n: 0 }]);
      expect(demoUser.rows).toEqual([]);
      expect(logged).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('start warnings', () => {
  const publicUrlWarning = (url: string) =>
    `APP_ENV=prod but PUBLIC_URL is ${url} (not set, or a local address): links in e-mails and LTI registrations will point there. Set PUBLIC_URL to the address people open.`;
  const demoWarning =
    'APP_ENV=prod with the demo world asked for (--demo or DEMO_SEED=true): an empty database gets the demo accounts and their shared password (DEMO_PASSWORD).';

  it('warns a production process whose PUBLIC_URL is unset or local', () => {
    expect(startWarnings(loadConfig({ APP_ENV: 'prod', PORT: '8080' }))).toEqual([
      publicUrlWarning('http://localhost:8080'),
    ]);
    expect(startWarnings(loadConfig({ APP_ENV: 'prod', PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual([
      publicUrlWarning('http://127.0.0.1:3000'),
    ]);
    expect(startWarnings(loadConfig({ APP_ENV: 'prod', PUBLIC_URL: 'https://admin.example.edu' }))).toEqual(
      [],
    );
  });

  it('warns a production process asked for the demo world', () => {
    const config = loadConfig({
      APP_ENV: 'prod',
      PUBLIC_URL: 'https://admin.example.edu',
      DEMO_SEED: 'true',
    });
    expect(startWarnings(config)).toEqual([demoWarning]);
  });

  it('says nothing outside prod', () => {
    expect(startWarnings(loadConfig({ APP_ENV: 'dev' }))).toEqual([]);
    expect(startWarnings(loadConfig({ APP_ENV: 'qa', DEMO_SEED: 'true' }))).toEqual([]);
  });

  it('tells local addresses from public ones', () => {
    for (const url of [
      'http://localhost:3000',
      'http://[::1]:3000',
      'http://app.localhost',
      'http://0.0.0.0',
    ]) {
      expect(isLocalUrl(url), url).toBe(true);
    }
    for (const url of [
      'https://admin.example.edu',
      'http://10.0.0.5:3000',
      'https://localhost.example.com',
    ]) {
      expect(isLocalUrl(url), url).toBe(false);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('refuses plain true with one line saying why', () => {
    for (const value of ['true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Invalid configuration: TRUST_PROXY="${value}": trusting every proxy lets a client choose its own address (the left-most X-Forwarded-For entry is its own); give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs`,
      );
    }
  });

  it('takes a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 172.16.0.0/12,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.7', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses anything else, naming the entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(
      'Invalid configuration: TRUST_PROXY="10.0.0.1,proxy.internal": "proxy.internal" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^Invalid configuration: TRUST_PROXY=/);
  });
});
