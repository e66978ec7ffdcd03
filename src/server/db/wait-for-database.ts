import pg from 'pg';
import { StartupError } from './startup-error';

const RETRY_MS = 1000;

/** Host, port and database of a PostgreSQL URL, without its credentials. */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/** The driver's reason in a few words (a refused connection to several addresses is an AggregateError). */
function reason(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] };
  if (e?.errors?.length) return reason(e.errors[0]);
  return e?.message || e?.code || String(err);
}

/** Wrong credentials or no such database: waiting would not help. */
const isFinal = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('28') || code === '3D000');
};

async function ping(url: string, timeoutMs: number) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Waits until the PostgreSQL database answers, for at most `seconds` (an orchestrator may start it
 * after this process). Says one line when it first does not answer; throws StartupError with one
 * line when the window has passed or the database refuses for good (credentials, no such database).
 */
export async function waitForDatabase(
  url: string,
  seconds: number,
  say: (line: string) => void,
): Promise<void> {
  const where = describeDatabaseUrl(url);
  const until = Date.now() + seconds * 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      await ping(url, Math.max(1000, Math.min(5000, until - Date.now())));
      if (attempt > 0) say(`the database at ${where} answers now`);
      return;
    } catch (err) {
      if (isFinal(err)) {
        throw new StartupError(`DATABASE_URL: the database at ${where} refused: ${reason(err)}`);
      }
      if (Date.now() + RETRY_MS > until) {
        throw new StartupError(
          `DATABASE_URL: the database at ${where} did not answer within ${seconds} s (DATABASE_WAIT_SECONDS): ${reason(err)}`,
        );
      }
      if (attempt === 0) {
        say(`the database at ${where} does not answer (${reason(err)}): waiting up to ${seconds} s`);
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}
