import { eq } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';
import { users } from './db/schema/users';
import { PERSONA_KEYS } from './db/seed/personas';

/** Where the data lives, for a person: the PGlite folder, or the PostgreSQL host and database (never the password). */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'pgliteDir'>): string {
  if (!config.databaseUrl) return `embedded PGlite in ${config.pgliteDir}`;
  const url = new URL(config.databaseUrl);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `PostgreSQL ${user}${url.host}${url.pathname}`;
}

/**
 * The lines printed once the server listens, for a person at a terminal: where to go, which database,
 * and — when the demo world is there — how to sign in.
 */
export function startBanner(
  config: Pick<Config, 'port' | 'databaseUrl' | 'pgliteDir' | 'demoPassword'>,
  opts: { demo: boolean; url?: string },
): string {
  const url = opts.url ?? `http://localhost:${config.port}`;
  const lines = ['', `  Courseware Admin is running: open ${url}`, `  database: ${describeDatabase(config)}`];
  if (opts.demo) {
    lines.push(
      `  demo accounts: ${PERSONA_KEYS.join(', ')} — password ${config.demoPassword}`,
      '  (README.md, "First ten minutes", says which persona shows what)',
    );
  } else {
    lines.push('  no demo world: create a super admin with `npm run admin:create -- --username U --email E`');
  }
  lines.push('  stop with Ctrl+C', '');
  return lines.join('\n');
}

/** Whether the demo world is in the database (its `super` account exists). */
export async function hasDemoWorld(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, 'super')).limit(1);
  return rows.length > 0;
}
