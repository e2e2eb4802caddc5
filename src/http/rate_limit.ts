/**
 * Per-client rate limiting: one token bucket per client address in the shared StateStore.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers-09 (structured fields): every rate-limited answer
 * carries `RateLimit-Policy: "default";q=<capacity>;w=<window seconds>` and
 * `RateLimit: "default";r=<remaining>;t=<seconds until the bucket is full>`; a 429 adds `Retry-After:
 * <seconds until one request is allowed>`. Refill is continuous (capacity per window, evenly).
 *
 * When the state store cannot count (StateStoreError), the limiter fails open: the request is admitted
 * uncounted, with RateLimit-Policy and no RateLimit, and `onStoreTrouble` is told (it logs once per
 * interval). Free paths keep answering through a store outage that way. A request that needs the store
 * anyway (a paid request takes its payment claim there) is answered 503 STATE_STORE_UNAVAILABLE at once
 * instead: it could not be served, and the client is spared signing a payment that cannot be taken.
 */
import { ApiError, stateStoreUnavailable } from "../operation/api_error.ts";
import type { RateLimitRule } from "../config.ts";
import { type StateStore, StateStoreError, type TokenTake } from "../state/state_store.ts";

/** Name of the single quota policy in RateLimit headers. */
export const POLICY_NAME = "default";

/** Checks and counts one request of a client. */
export interface RateLimiter {
  /**
   * Takes a token; returns the headers to send, or throws ApiError 429 RATE_LIMITED. When the store fails:
   * admits uncounted, or throws ApiError 503 STATE_STORE_UNAVAILABLE if `needsStore`.
   */
  admit(client: string, needsStore?: boolean): [string, string][] | Promise<[string, string][]>;
}

/** A limiter that limits nothing (RATE_LIMIT=off). */
export const unlimited: RateLimiter = { admit: () => [] };

/** A limiter applying `rule` per client, counting in `state`. */
export function createRateLimiter(
  rule: RateLimitRule,
  state: StateStore,
  now: () => number = Date.now,
  onStoreTrouble: (error: StateStoreError) => void = () => {},
): RateLimiter {
  const policy: [string, string] = [
    "RateLimit-Policy",
    `"${POLICY_NAME}";q=${rule.capacity};w=${rule.windowMs / 1000}`,
  ];
  const bucket = { capacity: rule.capacity, windowMs: rule.windowMs };
  async function shared(client: string, needsStore: boolean): Promise<[string, string][]> {
    let take: TokenTake;
    try {
      take = await state.takeToken(`rate:${client}`, bucket, now());
    } catch (error) {
      if (!(error instanceof StateStoreError)) throw error;
      onStoreTrouble(error);
      if (needsStore) throw stateStoreUnavailable();
      return [policy];
    }
    return answer(take);
  }
  // An in-process store answers at once: its requests need not wait a turn of the event loop.
  const local = state.takeTokenNow?.bind(state);
  return {
    admit: local === undefined
      ? (client, needsStore = false) => shared(client, needsStore)
      : (client) => answer(local(`rate:${client}`, bucket, now())),
  };

  function answer(take: TokenTake): [string, string][] {
    const limit: [string, string] = [
      "RateLimit",
      `"${POLICY_NAME}";r=${take.remaining};t=${Math.ceil(take.resetMs / 1000)}`,
    ];
    if (take.allowed) return [policy, limit];
    const retryAfter = Math.max(1, Math.ceil(take.retryAfterMs / 1000));
    throw new ApiError(
      429,
      "RATE_LIMITED",
      `rate limit of ${rule.text} per client exceeded; retry in ${retryAfter} s`,
      { limit: rule.text, retry_after_seconds: retryAfter },
      [policy, limit, ["Retry-After", String(retryAfter)]],
    );
  }
}
