/** Database errors the services turn into answers, recognised on both drivers (Drizzle wraps the driver's error). */

/** A unique-index violation (PostgreSQL 23505), possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
