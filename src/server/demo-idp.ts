import type { Logger } from 'pino';
import type { Config } from './config';
import { PERSONA_KEYS, PERSONAS, personaEmail } from './db/seed';

/**
 * `npm start -- --demo-idp`: the tests' OpenID provider, with the demo personas as its people (no
 * passwords: its page lists them), offered on the login page as "Demo IdP". Development only; it
 * lives as long as the process.
 */
export async function startDemoIdp(config: Config, log: Logger) {
  if (config.appEnv === 'prod') {
    log.error('--demo-idp is ignored with APP_ENV=prod: anyone could sign in as a demo persona');
    return;
  }
  const { startOidcIdp } = await import('./test/oidc-idp');
  const base = config.publicUrl.replace(/\/+$/, '');
  const idp = await startOidcIdp({
    title: 'Demo identity provider',
    clientId: 'courseware-admin-demo',
    redirectUris: [`${base}/api/auth/sso/demo/callback`],
    postLogoutRedirectUris: [`${base}/login`],
    accounts: PERSONA_KEYS.map((key) => ({
      sub: `demo-${key}`,
      email: personaEmail(key),
      emailVerified: true,
      givenName: PERSONAS[key].firstName,
      familyName: PERSONAS[key].lastName,
    })),
  });
  config.sso.providers.push({
    id: 'demo',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    name: 'Demo IdP',
  });
  log.info({ issuer: idp.issuer }, `demo identity provider at ${idp.issuer} (sign in from ${base}/login)`);
}
