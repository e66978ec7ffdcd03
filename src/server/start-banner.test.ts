import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { prettyMessage } from './logger';
import { describeDatabase, startBanner } from './start-banner';

describe('start banner', () => {
  it('names the URL, the embedded database and the demo accounts with their password', () => {
    const config = loadConfig({ PORT: '3999', DATA_DIR: '/tmp/cwa', DEMO_PASSWORD: 'other-pass-9' }, true);
    expect(startBanner(config, { demo: true })).toBe(
      [
        '',
        '  Courseware Admin is running: open http://localhost:3999',
        '  database: embedded PGlite in /tmp/cwa/pglite',
        '  demo accounts: super, associate, support, registrar, instructor, internal, adjunct — password other-pass-9',
        '  (README.md, "First ten minutes", says which persona shows what)',
        '  stop with Ctrl+C',
        '',
      ].join('\n'),
    );
  });

  it('says how to make an account when there is no demo world, and never prints a database password', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5433/courseware' }, true);
    const banner = startBanner(config, { demo: false, url: 'http://localhost:4000' });
    expect(banner).toContain('open http://localhost:4000');
    expect(banner).toContain('database: PostgreSQL app@db.internal:5433/courseware');
    expect(banner).not.toContain('s3cret');
    expect(banner).not.toContain('demo accounts');
    expect(banner).toContain('npm run admin:create');
    expect(describeDatabase({ databaseUrl: 'postgres://db.internal/x', pgliteDir: '' })).toBe(
      'PostgreSQL db.internal/x',
    );
  });
});

describe('log format', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/^Invalid configuration: LOG_FORMAT="yaml"/);
  });

  it('prints a request as one short line', () => {
    const line = {
      msg: 'request completed',
      req: { method: 'GET', url: '/api/courses' },
      res: { statusCode: 200 },
      responseTime: 12.4,
    };
    expect(prettyMessage(line, 'msg')).toBe('GET /api/courses 200 12 ms');
    expect(prettyMessage({ msg: 'demo world seeded' }, 'msg')).toBe('demo world seeded');
  });
});
