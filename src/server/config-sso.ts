import { z } from 'zod';
import { APP_ENVS, type AppEnv } from '../shared/constants';

/** One OpenID Connect provider the login page offers. */
export interface OidcProvider {
  /** Path segment of its routes, e.g. the redirect URI /api/auth/sso/<id>/callback. */
  id: string;
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret?: string;
  /** The button says "Sign in with <name>". */
  name: string;
}

export interface SsoConfig {
  providers: OidcProvider[];
  /** E-mail domains whose people get an account at their first provider sign-in (lower case). */
  createAccountDomains: string[];
  /** Usernames that may still sign in with a password (lower case); null: every local account. */
  localAccounts: string[] | null;
}

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

const FIELDS = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME', 'ID', 'APP_ENVS'] as const;
type Field = (typeof FIELDS)[number];

const fieldSchema: Record<Field, z.ZodType> = {
  ISSUER: z.url({ protocol: /^https?$/ }),
  CLIENT_ID: z.string().min(1),
  CLIENT_SECRET: z.string().min(1),
  NAME: z.string().trim().min(1).max(60),
  ID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and dashes'),
  APP_ENVS: z.array(z.enum(APP_ENVS)).min(1),
};

/** A bad value: the variable's name and why, for the one-line configuration error. */
export class SsoConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * OIDC_<n>_ISSUER, OIDC_<n>_CLIENT_ID, OIDC_<n>_CLIENT_SECRET, OIDC_<n>_NAME, and optionally
 * OIDC_<n>_ID (default: n) and OIDC_<n>_APP_ENVS (comma list; default every environment), n = 1…20;
 * OIDC_CREATE_ACCOUNTS and AUTH_LOCAL (comma lists). One variable per value so that each (the
 * secret above all) can come from the container's secret store.
 */
export function parseSsoConfig(env: NodeJS.ProcessEnv, appEnv: AppEnv): SsoConfig {
  const byNumber = new Map<number, Partial<Record<Field, string>>>();
  for (const [name, value] of Object.entries(env)) {
    const m = /^OIDC_(\d+)_(.+)$/.exec(name);
    if (!m || value === undefined || value === '') continue;
    const field = m[2] as Field;
    const n = Number(m[1]);
    if (!FIELDS.includes(field)) throw new SsoConfigError(name, `unknown setting (${FIELDS.join(', ')})`);
    if (n < 1 || n > 20) throw new SsoConfigError(name, 'providers are numbered 1 to 20');
    byNumber.set(n, { ...byNumber.get(n), [field]: value });
  }
  const providers: OidcProvider[] = [];
  const ids = new Set<string>();
  for (const n of [...byNumber.keys()].sort((a, b) => a - b)) {
    const raw = byNumber.get(n)!;
    const values: Partial<Record<Field, unknown>> = { ...raw, APP_ENVS: raw.APP_ENVS && list(raw.APP_ENVS) };
    for (const field of FIELDS) {
      const variable = `OIDC_${n}_${field}`;
      if (values[field] === undefined) {
        if (['ISSUER', 'CLIENT_ID', 'NAME'].includes(field)) throw new SsoConfigError(variable, 'required');
        continue;
      }
      const parsed = fieldSchema[field].safeParse(values[field]);
      if (!parsed.success) throw new SsoConfigError(variable, parsed.error.issues[0].message);
      values[field] = parsed.data;
    }
    const id = (values.ID as string | undefined) ?? String(n);
    if (ids.has(id)) throw new SsoConfigError(`OIDC_${n}_ID`, `"${id}" is used by another provider`);
    ids.add(id);
    const envs = values.APP_ENVS as AppEnv[] | undefined;
    if (envs && !envs.includes(appEnv)) continue;
    providers.push({
      id,
      issuer: values.ISSUER as string,
      clientId: values.CLIENT_ID as string,
      clientSecret: values.CLIENT_SECRET as string | undefined,
      name: values.NAME as string,
    });
  }
  const createAccountDomains = list(env.OIDC_CREATE_ACCOUNTS);
  for (const domain of createAccountDomains) {
    if (!z.hostname().safeParse(domain).success || !domain.includes('.'))
      throw new SsoConfigError('OIDC_CREATE_ACCOUNTS', `"${domain}" is not an e-mail domain`);
  }
  const local = list(env.AUTH_LOCAL);
  return { providers, createAccountDomains, localAccounts: local.length ? local : null };
}
