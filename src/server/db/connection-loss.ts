/**
 * Errors that mean "the connection to PostgreSQL went away" (restart, failover,
 * pg_terminate_backend), not "the query was wrong": SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections), and the
 * socket-level failures node-postgres reports without a SQLSTATE.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);
const MESSAGES =
  /Connection terminated|terminating connection|Client has encountered a connection error|Client was closed and is not queryable|Connection ended unexpectedly|timeout exceeded when trying to connect/i;

/** True when `err`, or an error it wraps (Drizzle's DrizzleQueryError keeps the driver's in `cause`), is a lost connection. */
export function isConnectionLost(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (SQLSTATES.has(code) || NODE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `err`, or an error it wraps, came from the database or its connection (a SQLSTATE or a
 * socket error code) rather than from the caller's own checks: worth another attempt in a job.
 */
export function isDatabaseFailure(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^([0-9A-Z]{5}|E[A-Z]+)$/.test(code)) return true;
    if (isConnectionLost(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A statement that only reads, so running it twice is harmless: a SELECT that locks nothing and
 * calls no sequence or advisory-lock function. Drizzle's selects look like this; writes and
 * pg-boss's statements do not.
 */
export function isPlainRead(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  let plain = plainReads.get(text);
  if (plain === undefined) {
    plain =
      /^\s*select\b/i.test(text) &&
      !/\b(insert|update|delete|nextval|setval|pg_advisory\w*)\b|\bfor\s+(no\s+key\s+update|key\s+share|share)\b/i.test(
        text,
      );
    // the app's statements are a few hundred texts, asked again and again; a search's literal values are not
    if (plainReads.size >= 1000) plainReads.clear();
    plainReads.set(text, plain);
  }
  return plain;
}
const plainReads = new Map<string, boolean>();
