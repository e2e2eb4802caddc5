/**
 * A state store that fails on demand, for tests of what the service does when the shared store does not
 * answer: each operation delegates to an in-process store unless `fails` says it fails, then it throws
 * StateStoreError as the Redis store would.
 */
import type { BucketRule, StateStore, TokenTake } from "../../src/state/state_store.ts";
import { StateStoreError } from "../../src/state/state_store.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";

/** A store operation, with the value it writes (claim, put). */
export type StoreCall = { readonly operation: string; readonly key: string; readonly value?: string };

/** The failing store. */
export class FailingStateStore implements StateStore {
  readonly inner = new MemoryStateStore();
  /** Every call, in order, failed or not. */
  readonly calls: StoreCall[] = [];

  /** `fails(call)`: whether that call fails (every call, by default). */
  constructor(public fails: (call: StoreCall) => boolean = () => true) {}

  #check(call: StoreCall): void {
    this.calls.push(call);
    if (this.fails(call)) {
      throw new StateStoreError(`state store ${call.operation} failed: Command timed out`);
    }
  }

  /** Delegates or fails. */
  takeToken(key: string, rule: BucketRule, nowMs: number): Promise<TokenTake> {
    return this.#run({ operation: "takeToken", key }, () => this.inner.takeToken(key, rule, nowMs));
  }

  /** Delegates or fails. */
  claim(key: string, value: string, ttlMs: number, nowMs: number): Promise<boolean> {
    return this.#run({ operation: "claim", key, value }, () => this.inner.claim(key, value, ttlMs, nowMs));
  }

  /** Delegates or fails. */
  put(key: string, value: string, ttlMs: number, nowMs: number): Promise<void> {
    return this.#run({ operation: "put", key, value }, () => this.inner.put(key, value, ttlMs, nowMs));
  }

  /** Delegates or fails. */
  read(key: string, nowMs: number): Promise<string | undefined> {
    return this.#run({ operation: "read", key }, () => this.inner.read(key, nowMs));
  }

  /** Delegates or fails. */
  release(key: string): Promise<void> {
    return this.#run({ operation: "release", key }, () => this.inner.release(key));
  }

  /** Delegates or fails. */
  ping(): Promise<void> {
    return this.#run({ operation: "ping", key: "" }, () => this.inner.ping());
  }

  /** Nothing to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  async #run<T>(call: StoreCall, operation: () => Promise<T>): Promise<T> {
    this.#check(call);
    return await operation();
  }
}
