/**
 * Refused launches are logged at most REFUSALS_PER_MINUTE times a minute per client address, so a
 * script posting junk to /lti/launch or /lti/login cannot flood the launch log (the refusal page is
 * still answered).
 *
 * Per process, on purpose: the protocol plugin creates one throttle when it is registered (one per
 * app instance, none at module level), and each API process counts its own windows. A shared count
 * would cost a database write per refusal, which is what the throttle saves.
 */
export const REFUSALS_PER_MINUTE = 100;
const WINDOW_MS = 60_000;
/** Addresses tracked at most; beyond, the oldest windows are dropped. */
const MAX_ADDRESSES = 10_000;

export interface RefusalThrottle {
  /** Whether a refusal from `address` at `nowMs` may be written to the launch log. */
  mayLog(address: string, nowMs: number): boolean;
}

export function createRefusalThrottle(): RefusalThrottle {
  const windows = new Map<string, { start: number; n: number }>();
  return {
    mayLog(address, nowMs) {
      const w = windows.get(address);
      if (!w || nowMs - w.start >= WINDOW_MS) {
        if (w) windows.delete(address);
        if (windows.size >= MAX_ADDRESSES) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        windows.set(address, { start: nowMs, n: 1 });
        return true;
      }
      w.n++;
      return w.n <= REFUSALS_PER_MINUTE;
    },
  };
}
