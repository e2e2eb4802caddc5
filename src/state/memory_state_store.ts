/**
 * The in-process state store: one replica's buckets and claims in two maps, swept as they grow. It never
 * fails, and its clock is the caller's `nowMs`.
 */
import type { BucketRule, StateStore, TokenTake } from "./state_store.ts";

interface Bucket {
  tokens: number;
  updatedMs: number;
}

interface Entry {
  value: string;
  expiresMs: number;
}

/** In-process state store: one replica. Expired entries are swept as the map grows. */
export class MemoryStateStore implements StateStore {
  readonly #buckets = new Map<string, Bucket>();
  readonly #entries = new Map<string, Entry>();
  #sweepAt = 1024;
  #entriesSweepAt = 1024;

  /** Takes one token; refill is continuous, so a client is never locked out for a whole window. */
  takeToken(key: string, rule: BucketRule, nowMs: number): Promise<TokenTake> {
    return Promise.resolve(this.takeTokenNow(key, rule, nowMs));
  }

  /** takeToken without the promise: the in-process store answers at once. */
  takeTokenNow(key: string, rule: BucketRule, nowMs: number): TokenTake {
    const perMs = rule.capacity / rule.windowMs;
    const bucket = this.#buckets.get(key) ?? { tokens: rule.capacity, updatedMs: nowMs };
    bucket.tokens = Math.min(rule.capacity, bucket.tokens + Math.max(0, nowMs - bucket.updatedMs) * perMs);
    bucket.updatedMs = nowMs;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.#sweepAt) this.#sweepBuckets(rule, nowMs);
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      retryAfterMs: allowed ? 0 : Math.ceil((1 - bucket.tokens) / perMs),
      resetMs: Math.ceil((rule.capacity - bucket.tokens) / perMs),
    };
  }

  /** Sets the key only when absent or expired. */
  claim(key: string, value: string, ttlMs: number, nowMs: number): Promise<boolean> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.expiresMs > nowMs) return Promise.resolve(false);
    this.#setEntry(key, value, ttlMs, nowMs);
    return Promise.resolve(true);
  }

  /** Overwrites the key. */
  put(key: string, value: string, ttlMs: number, nowMs: number): Promise<void> {
    this.#setEntry(key, value, ttlMs, nowMs);
    return Promise.resolve();
  }

  /** Number of keys held, live or expired but not yet swept (for tests and metrics). */
  get size(): number {
    return this.#entries.size;
  }

  // Expired entries are dropped whenever the map has doubled since the last sweep.
  #setEntry(key: string, value: string, ttlMs: number, nowMs: number): void {
    this.#entries.set(key, { value, expiresMs: nowMs + ttlMs });
    if (this.#entries.size > this.#entriesSweepAt) {
      for (const [k, entry] of this.#entries) if (entry.expiresMs <= nowMs) this.#entries.delete(k);
      this.#entriesSweepAt = Math.max(1024, this.#entries.size * 2);
    }
  }

  /** Reads a live key. */
  read(key: string, nowMs: number): Promise<string | undefined> {
    const entry = this.#entries.get(key);
    return Promise.resolve(entry !== undefined && entry.expiresMs > nowMs ? entry.value : undefined);
  }

  /** Forgets the key. */
  release(key: string): Promise<void> {
    this.#entries.delete(key);
    return Promise.resolve();
  }

  /** Always answers: it is in the process. */
  ping(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to let go of. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  // A full bucket carries no information, so dropping it is the same as keeping it.
  #sweepBuckets(rule: BucketRule, nowMs: number): void {
    const perMs = rule.capacity / rule.windowMs;
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (nowMs - bucket.updatedMs) * perMs >= rule.capacity) this.#buckets.delete(key);
    }
    this.#sweepAt = Math.max(1024, this.#buckets.size * 2);
  }
}
