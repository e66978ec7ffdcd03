/**
 * Polls `check` until it returns a value (anything but undefined, null or false) and returns it, or
 * throws after `timeoutMs`: tests wait for a condition, never for a fixed time.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
