/**
 * The runtime's only mutable state: rate-limit buckets, payment claims and the answers kept for payment
 * identifiers (JSON text under a key, like a claim).
 *
 * Both sit behind this interface so that several replicas can share them: `MemoryStateStore` is the
 * in-process implementation (one replica), `RedisStateStore` the shared one (STATE_STORE=redis://…). Every
 * operation is atomic with respect to the others on the same key. A store that cannot do an operation
 * (unreachable, too slow, failing) throws StateStoreError; nothing the operation guards may then proceed.
 */

/** Result of taking one token from a bucket. */
export interface TokenTake {
  readonly allowed: boolean;
  /** Whole tokens left after this take. */
  readonly remaining: number;
  /** Milliseconds until one token is available again (0 when allowed). */
  readonly retryAfterMs: number;
  /** Milliseconds until the bucket is full again. */
  readonly resetMs: number;
}

/** A token bucket's shape: `capacity` tokens, refilled evenly over `windowMs`. */
export interface BucketRule {
  readonly capacity: number;
  readonly windowMs: number;
}

/**
 * Shared mutable state of the runtime. `nowMs` is the caller's clock; a shared store may keep time by its
 * own clock instead (the Redis store does, since replicas' clocks differ).
 */
export interface StateStore {
  /** Takes one token from the bucket `key`, creating it full when absent. */
  takeToken(key: string, rule: BucketRule, nowMs: number): Promise<TokenTake>;
  /** takeToken answered at once, by a store that keeps its state in this process (it never fails). */
  takeTokenNow?(key: string, rule: BucketRule, nowMs: number): TokenTake;
  /** Sets `key` to `value` only when absent (or expired); true when this call set it. */
  claim(key: string, value: string, ttlMs: number, nowMs: number): Promise<boolean>;
  /** Overwrites `key` with `value` and a new time to live. */
  put(key: string, value: string, ttlMs: number, nowMs: number): Promise<void>;
  /** The live value of `key`, if any. */
  read(key: string, nowMs: number): Promise<string | undefined>;
  /** Forgets `key`. */
  release(key: string): Promise<void>;
  /** Resolves when the store answers (readiness); throws StateStoreError when it does not. */
  ping(): Promise<void>;
  /** Lets go of connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** The store could not do an operation: unreachable, too slow or failing. The message names the operation. */
export class StateStoreError extends Error {
  override readonly name = "StateStoreError";
}
