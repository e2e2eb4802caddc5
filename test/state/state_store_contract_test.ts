/**
 * The StateStore contract as one table of behaviour, run against every implementation: the in-process
 * store and the Redis store on a real redis-server (with the caller's clock, so that bucket time can be
 * stepped; its own clock is tested in redis_state_store_test.ts). Expiry of claims runs in real time for
 * both, since Redis expires keys by its own clock.
 */
import assert from "node:assert/strict";
import type { StateStore } from "../../src/state/state_store.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { RedisStateStore } from "../../src/state/redis_state_store.ts";
import { redisTest, waitUntilUp } from "../support/redis_server.ts";

/** `store` and `other`: two clients of one state (two replicas); the in-process store is its own other. */
type Case = (store: StateStore, other: StateStore) => Promise<void>;

// Powers of two keep every refill exact in binary floating point: 4 tokens per 1024 ms is one per 256 ms.
const FOUR_PER_1024 = { capacity: 4, windowMs: 1024 };
const TWO_PER_SECOND = { capacity: 2, windowMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CASES: Record<string, Case> = {
  "a token bucket allows its capacity, then refuses with the wait for one token": async (store) => {
    assert.deepEqual(await store.takeToken("c", TWO_PER_SECOND, 0), {
      allowed: true,
      remaining: 1,
      retryAfterMs: 0,
      resetMs: 500,
    });
    assert.deepEqual(await store.takeToken("c", TWO_PER_SECOND, 0), {
      allowed: true,
      remaining: 0,
      retryAfterMs: 0,
      resetMs: 1000,
    });
    assert.deepEqual(await store.takeToken("c", TWO_PER_SECOND, 0), {
      allowed: false,
      remaining: 0,
      retryAfterMs: 500,
      resetMs: 1000,
    });
    assert.equal((await store.takeToken("c", TWO_PER_SECOND, 499)).allowed, false);
    assert.equal((await store.takeToken("c", TWO_PER_SECOND, 500)).allowed, true);
  },
  "a bucket refills evenly, counts whole tokens and times the next one from the fraction": async (store) => {
    for (let i = 0; i < 4; i++) await store.takeToken("c", FOUR_PER_1024, 0);
    // 384 ms refill 1.5 tokens: one is taken, half a token is left.
    assert.deepEqual(await store.takeToken("c", FOUR_PER_1024, 384), {
      allowed: true,
      remaining: 0,
      retryAfterMs: 0,
      resetMs: 896,
    });
    assert.deepEqual(await store.takeToken("c", FOUR_PER_1024, 384), {
      allowed: false,
      remaining: 0,
      retryAfterMs: 128,
      resetMs: 896,
    });
  },
  "a bucket never refills beyond its capacity": async (store) => {
    await store.takeToken("c", FOUR_PER_1024, 0);
    assert.deepEqual(await store.takeToken("c", FOUR_PER_1024, 100_000), {
      allowed: true,
      remaining: 3,
      retryAfterMs: 0,
      resetMs: 256,
    });
  },
  "a clock that goes back refills nothing and spends nothing extra": async (store) => {
    await store.takeToken("c", FOUR_PER_1024, 1000);
    assert.deepEqual(await store.takeToken("c", FOUR_PER_1024, 500), {
      allowed: true,
      remaining: 2,
      retryAfterMs: 0,
      resetMs: 512,
    });
  },
  "buckets of different keys are independent": async (store) => {
    await store.takeToken("a", TWO_PER_SECOND, 0);
    await store.takeToken("a", TWO_PER_SECOND, 0);
    assert.equal((await store.takeToken("a", TWO_PER_SECOND, 0)).allowed, false);
    assert.equal((await store.takeToken("b", TWO_PER_SECOND, 0)).remaining, 1);
  },
  "a bucket taken at once by two clients allows exactly its capacity": async (store, other) => {
    const takes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).takeToken("c", FOUR_PER_1024, 0)),
    );
    assert.equal(takes.filter((take) => take.allowed).length, 4);
    // The four allowed takes leave 3, 2, 1 and 0 tokens; the sixteen refused ones see 0.
    assert.deepEqual(takes.map((take) => take.remaining).sort(), [...Array(17).fill(0), 1, 2, 3]);
  },
  "of many claims of one key at once by two clients exactly one wins": async (store, other) => {
    const now = Date.now();
    const wins = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? store : other).claim("k", `v${i}`, 60_000, now)),
    );
    assert.equal(wins.filter((won) => won).length, 1);
    assert.equal(await other.read("k", now), `v${wins.indexOf(true)}`);
  },
  "a claim holds until its time to live has passed, then it can be taken again": async (store) => {
    assert.equal(await store.claim("k", "a", 150, Date.now()), true);
    assert.equal(await store.claim("k", "b", 150, Date.now()), false);
    assert.equal(await store.read("k", Date.now()), "a");
    await sleep(250);
    assert.equal(await store.read("k", Date.now()), undefined);
    assert.equal(await store.claim("k", "c", 150, Date.now()), true);
    assert.equal(await store.read("k", Date.now()), "c");
  },
  "put overwrites the value and the time to live of a key": async (store, other) => {
    assert.equal(await store.claim("k", "verifying", 150, Date.now()), true);
    await store.put("k", "settled", 60_000, Date.now());
    await sleep(250);
    assert.equal(await other.read("k", Date.now()), "settled");
    assert.equal(await other.claim("k", "again", 60_000, Date.now()), false);
  },
  "release forgets a key, so it can be claimed again; releasing an absent key is harmless": async (
    store,
    other,
  ) => {
    assert.equal(await store.claim("k", "a", 60_000, Date.now()), true);
    await store.release("k");
    assert.equal(await other.read("k", Date.now()), undefined);
    assert.equal(await other.claim("k", "b", 60_000, Date.now()), true);
    await store.release("absent");
    assert.equal(await store.read("absent", Date.now()), undefined);
  },
  "a store that is up answers ping": async (store) => {
    await store.ping();
  },
};

for (const [name, body] of Object.entries(CASES)) {
  Deno.test(`in-process store: ${name}`, async () => {
    const store = new MemoryStateStore();
    await body(store, store);
  });
  redisTest(`Redis store: ${name}`, async (redis) => {
    const open = () => new RedisStateStore({ url: redis.url, timeoutMs: 1000, callerClock: true });
    const [store, other] = [open(), open()];
    try {
      await Promise.all([waitUntilUp(store), waitUntilUp(other)]);
      await body(store, other);
    } finally {
      await store.close();
      await other.close();
    }
  });
}
