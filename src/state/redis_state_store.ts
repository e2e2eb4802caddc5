/**
 * The shared state store on Redis (STATE_STORE=redis://…), so that several replicas count one rate limit
 * per client and claim each payment once.
 *
 * Buckets: one Lua script (token_bucket_script.ts) per take, one round trip; ioredis sends it by EVALSHA
 * once a connection has loaded it and falls back to EVAL on NOSCRIPT (a restarted or flushed server).
 * Claims: `SET key value NX PX ttl`, atomic on the server; put is `SET PX`, read `GET`, release `DEL`; the
 * expiry is the server's. Every key starts with KEY_PREFIX (`gpc:rate:<client>`, `gpc:x402-claim:<id>`);
 * deployments sharing one Redis choose different databases in the URL.
 *
 * Failure is fast and explicit: every command has a timeout (a Redis that hangs must not hang requests),
 * nothing is queued while the connection is down, and a command in flight when it drops is not resent
 * (a resent claim could find its own first attempt and call it a replay). Each such failure is a
 * StateStoreError. The client reconnects in the background (backing off to 2 s) and reports only changes
 * of the connection's state, never one line per command.
 */
import { Redis } from "npm:ioredis@5.11.1";
import { type BucketRule, type StateStore, StateStoreError, type TokenTake } from "./state_store.ts";
import { TOKEN_BUCKET_LUA } from "./token_bucket_script.ts";

/** Prefix of every key the service writes. */
export const KEY_PREFIX = "gpc:";

/** Longest pause between reconnection attempts. */
export const RECONNECT_MAX_MS = 2000;

/** How the store reaches Redis. */
export interface RedisStateStoreOptions {
  /** `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /** Longest wait for one command's answer. */
  readonly timeoutMs: number;
  /** Told when the connection comes up or is lost (changes only); `detail` never holds the URL. */
  readonly onConnection?: (up: boolean, detail: string) => void;
  /** Keep bucket time by the caller's nowMs instead of the server's clock: for the contract tests only. */
  readonly callerClock?: boolean;
}

type TakeReply = [number, number, number, number];
type ScriptedRedis = Redis & {
  takeToken(key: string, capacity: number, windowMs: number, nowMs: string): Promise<TakeReply>;
};

/** The state store of several replicas, on one Redis. */
export class RedisStateStore implements StateStore {
  readonly #redis: ScriptedRedis;
  readonly #callerClock: boolean;
  #closed = false;

  constructor(options: RedisStateStoreOptions) {
    this.#callerClock = options.callerClock ?? false;
    const redis = new Redis(options.url, {
      keyPrefix: KEY_PREFIX,
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(1000, options.timeoutMs),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times: number) => Math.min(100 * times, RECONNECT_MAX_MS),
    });
    redis.defineCommand("takeToken", { numberOfKeys: 1, lua: TOKEN_BUCKET_LUA });
    let up: boolean | undefined;
    const report = (now: boolean, detail: string) => {
      // Closing is no outage.
      if (up === now || this.#closed) return;
      up = now;
      options.onConnection?.(now, detail);
    };
    redis.on("ready", () => report(true, "connected"));
    redis.on("error", (error: Error) => report(false, error.message));
    redis.on("close", () => report(false, "connection closed"));
    this.#redis = redis as ScriptedRedis;
  }

  /** Takes a token by the Lua script, in one round trip. */
  async takeToken(key: string, rule: BucketRule, nowMs: number): Promise<TokenTake> {
    const now = this.#callerClock ? String(nowMs) : "";
    const [allowed, remaining, retryAfterMs, resetMs] = await this.#run(
      "takeToken",
      () => this.#redis.takeToken(key, rule.capacity, rule.windowMs, now),
    );
    return { allowed: allowed === 1, remaining, retryAfterMs, resetMs };
  }

  /** SET NX PX: true when this call set the key (expiry by the server's clock, not `_nowMs`). */
  async claim(key: string, value: string, ttlMs: number, _nowMs?: number): Promise<boolean> {
    return await this.#run("claim", () => this.#redis.set(key, value, "PX", wholeMs(ttlMs), "NX")) === "OK";
  }

  /** SET PX. */
  async put(key: string, value: string, ttlMs: number, _nowMs?: number): Promise<void> {
    await this.#run("put", () => this.#redis.set(key, value, "PX", wholeMs(ttlMs)));
  }

  /** GET. */
  async read(key: string, _nowMs?: number): Promise<string | undefined> {
    return await this.#run("read", () => this.#redis.get(key)) ?? undefined;
  }

  /** DEL. */
  async release(key: string): Promise<void> {
    await this.#run("release", () => this.#redis.del(key));
  }

  /** PING, within the command timeout. */
  async ping(): Promise<void> {
    await this.#run("ping", () => this.#redis.ping());
  }

  /** Closes the connection and stops reconnecting. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#redis.status === "end") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A client between reconnection attempts has no socket to close and never says "end".
    const ended = new Promise<void>((resolve) => {
      this.#redis.once("end", resolve);
      timer = setTimeout(resolve, 1000);
    });
    this.#redis.disconnect();
    await ended;
    clearTimeout(timer);
  }

  async #run<T>(operation: string, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new StateStoreError(`state store ${operation} failed: ${message}`, { cause: error });
    }
  }
}

// PX takes a positive integer.
function wholeMs(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs));
}
