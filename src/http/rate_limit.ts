/**
 * Per-client rate limiting: one token bucket per client address in the shared StateStore.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers-09 (structured fields): every rate-limited answer
 * carries `RateLimit-Policy: "default";q=<capacity>;w=<window seconds>` and
 * `RateLimit: "default";r=<remaining>;t=<seconds until the bucket is full>`; a 429 adds `Retry-After:
 * <seconds until one request is allowed>`. Refill is continuous (capacity per window, evenly).
 */
import { ApiError } from "../operation/api_error.ts";
import type { RateLimitRule } from "../config.ts";
import type { StateStore } from "../state/state_store.ts";

/** Name of the single quota policy in RateLimit headers. */
export const POLICY_NAME = "default";

/** Checks and counts one request of a client. */
export interface RateLimiter {
  /** Takes a token; returns the headers to send, or throws ApiError 429 RATE_LIMITED. */
  admit(client: string): Promise<[string, string][]>;
}

/** A limiter that limits nothing (RATE_LIMIT=off). */
export const unlimited: RateLimiter = { admit: () => Promise.resolve([]) };

/** A limiter applying `rule` per client, counting in `state`. */
export function createRateLimiter(
  rule: RateLimitRule,
  state: StateStore,
  now: () => number = Date.now,
): RateLimiter {
  const policy: [string, string] = [
    "RateLimit-Policy",
    `"${POLICY_NAME}";q=${rule.capacity};w=${rule.windowMs / 1000}`,
  ];
  const bucket = { capacity: rule.capacity, windowMs: rule.windowMs };
  return {
    async admit(client) {
      const take = await state.takeToken(`rate:${client}`, bucket, now());
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
    },
  };
}
