/**
 * At most one log line per interval for a condition that repeats on every request (a state store that
 * does not answer): an outage writes one line every interval, saying how many were held back, rather than
 * one per request.
 */

/** Decides whether the next occurrence is logged. */
export type Throttle = () => { readonly log: true; readonly heldBack: number } | { readonly log: false };

/** A throttle letting the first occurrence through, then one per `intervalMs`. */
export function createThrottle(intervalMs: number, now: () => number = Date.now): Throttle {
  let last = -Infinity;
  let heldBack = 0;
  return () => {
    const at = now();
    if (at - last < intervalMs) {
      heldBack++;
      return { log: false };
    }
    last = at;
    const held = heldBack;
    heldBack = 0;
    return { log: true, heldBack: held };
  };
}
