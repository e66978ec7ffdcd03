import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('METRICS_PORT and METRICS_HOST', () => {
  it('no metrics listener unless METRICS_PORT is set; loopback by default', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('a bad value stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(
      /^Invalid configuration: METRICS_PORT="ninety"/,
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(
      /^Invalid configuration: METRICS_PORT="70000"/,
    );
    expect(() => loadConfig({ METRICS_HOST: '' })).toThrow(/^Invalid configuration: METRICS_HOST=""/);
  });

  it('refuses the web port (metrics are never served there); a worker serves no web port', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'Invalid configuration: METRICS_PORT="3000": must differ from PORT (metrics are never served on the web port)',
    );
    expect(loadConfig({ ROLE: 'worker', PORT: '3000', METRICS_PORT: '3000' }).metrics.port).toBe(3000);
  });
});
