import type { Config } from './config';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/** Whether a URL points at this machine (PUBLIC_URL left at its default or set to a local address). */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
}

/**
 * The warnings logged once at start, one line each: a production process whose links would point to
 * this machine, or that is about to put the demo world (and its known password) into its database.
 */
export function startWarnings(config: Pick<Config, 'appEnv' | 'publicUrl' | 'demoSeed'>): string[] {
  if (config.appEnv !== 'prod') return [];
  const warnings: string[] = [];
  if (isLocalUrl(config.publicUrl)) {
    warnings.push(
      `APP_ENV=prod but PUBLIC_URL is ${config.publicUrl} (not set, or a local address): links in e-mails and LTI registrations will point there. Set PUBLIC_URL to the address people open.`,
    );
  }
  if (config.demoSeed) {
    warnings.push(
      'APP_ENV=prod with the demo world asked for (--demo or DEMO_SEED=true): an empty database gets the demo accounts and their shared password (DEMO_PASSWORD).',
    );
  }
  return warnings;
}
