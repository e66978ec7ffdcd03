import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const IDP = {
  OIDC_1_ISSUER: 'https://login.example.edu/realms/staff',
  OIDC_1_CLIENT_ID: 'courseware-admin',
  OIDC_1_CLIENT_SECRET: 's3cret',
  OIDC_1_NAME: 'Example University',
};

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env, false);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('no configuration error');
};

describe('SSO configuration (OIDC_<n>_*, OIDC_CREATE_ACCOUNTS, AUTH_LOCAL)', () => {
  it('has no provider, creates no account and allows every local account by default', () => {
    expect(loadConfig({}, false).sso).toEqual({
      providers: [],
      createAccountDomains: [],
      localAccounts: null,
    });
  });

  it('reads numbered providers in order, filtered by APP_ENV', () => {
    const sso = loadConfig(
      {
        ...IDP,
        OIDC_2_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
        OIDC_2_CLIENT_ID: 'prod-client',
        OIDC_2_NAME: 'Entra ID',
        OIDC_2_ID: 'entra',
        OIDC_2_APP_ENVS: 'prod, qa',
        OIDC_CREATE_ACCOUNTS: 'Example.edu, staff.example.org',
        AUTH_LOCAL: 'Admin, breakglass',
      },
      false,
    ).sso;
    expect(sso.providers).toEqual([
      {
        id: '1',
        issuer: IDP.OIDC_1_ISSUER,
        clientId: 'courseware-admin',
        clientSecret: 's3cret',
        name: 'Example University',
      },
    ]);
    expect(sso.createAccountDomains).toEqual(['example.edu', 'staff.example.org']);
    expect(sso.localAccounts).toEqual(['admin', 'breakglass']);
    const prod = loadConfig(
      {
        ...IDP,
        APP_ENV: 'prod',
        OIDC_2_ISSUER: 'https://idp.example.org',
        OIDC_2_CLIENT_ID: 'c',
        OIDC_2_NAME: 'E',
        OIDC_2_APP_ENVS: 'prod',
      },
      false,
    ).sso;
    expect(prod.providers.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('stops with one line naming the variable', () => {
    expect(fails({ ...IDP, OIDC_1_ISSUER: 'login.example.edu' })).toBe(
      'Invalid configuration: OIDC_1_ISSUER="login.example.edu": Invalid URL',
    );
    const { OIDC_1_CLIENT_ID: _, ...noClient } = IDP;
    expect(fails(noClient)).toBe('Invalid configuration: OIDC_1_CLIENT_ID="": required');
    expect(fails({ ...IDP, OIDC_1_SCOPE: 'openid' })).toMatch(
      /^Invalid configuration: OIDC_1_SCOPE="openid": unknown setting/,
    );
    expect(fails({ ...IDP, OIDC_1_APP_ENVS: 'production' })).toMatch(
      /^Invalid configuration: OIDC_1_APP_ENVS="production": /,
    );
    expect(
      fails({
        ...IDP,
        OIDC_1_ID: 'a',
        OIDC_2_ID: 'a',
        OIDC_2_ISSUER: IDP.OIDC_1_ISSUER,
        OIDC_2_CLIENT_ID: 'x',
        OIDC_2_NAME: 'X',
      }),
    ).toBe('Invalid configuration: OIDC_2_ID="a": "a" is used by another provider');
    expect(fails({ OIDC_CREATE_ACCOUNTS: 'example' })).toBe(
      'Invalid configuration: OIDC_CREATE_ACCOUNTS="example": "example" is not an e-mail domain',
    );
    expect(fails({ ...IDP, OIDC_1_CLIENT_SECRET: 'x', OIDC_1_NAME: ' ' })).toMatch(
      /^Invalid configuration: OIDC_1_NAME=/,
    );
    expect(fails({ ...IDP, OIDC_21_NAME: 'x' })).toBe(
      'Invalid configuration: OIDC_21_NAME="x": providers are numbered 1 to 20',
    );
  });
});
