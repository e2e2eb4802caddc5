/**
 * The log of a state store that fails: a `warn` line per consequence at most once per STORE_LOG_INTERVAL_MS,
 * counting the occurrences held back since the last one. An outage hits every request; the log must say
 * so without a line per request (each request still has its own request line with its status).
 */
import type { Log } from "../log/request_log.ts";
import { createThrottle, type Throttle } from "../log/log_throttle.ts";
import type { StateStoreError } from "../state/state_store.ts";

/** Shortest time between two lines about the same consequence. */
export const STORE_LOG_INTERVAL_MS = 10_000;

/** What a request did because the store failed. */
export type StoreConsequence = "rate limit not counted" | "paid request refused";

const MESSAGES: Readonly<Record<StoreConsequence, string>> = {
  "rate limit not counted": "the state store does not answer: requests are admitted without counting " +
    "them against the rate limit (paid requests are refused)",
  "paid request refused": "the state store does not answer: paid requests are refused with 503, " +
    "nothing is charged",
};

/** Reports one store failure and what it led to. */
export type StoreTrouble = (error: StateStoreError, consequence: StoreConsequence) => void;

/** A StoreTrouble writing to `log`. */
export function storeTroubleLog(log: Log, now: () => number = Date.now): StoreTrouble {
  const throttles = new Map<StoreConsequence, Throttle>();
  return (error, consequence) => {
    let throttle = throttles.get(consequence);
    if (throttle === undefined) {
      throttles.set(consequence, throttle = createThrottle(STORE_LOG_INTERVAL_MS, now));
    }
    const decision = throttle();
    if (!decision.log) return;
    log.write("warn", {
      message: MESSAGES[consequence],
      error: error.message,
      ...(decision.heldBack > 0 ? { held_back: decision.heldBack } : {}),
    });
  };
}
