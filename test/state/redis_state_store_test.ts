/**
 * What only the Redis store does: bucket time by the server's clock, its key names, the script's reload
 * after the server forgot it, and failing fast (never hanging) when Redis is down or frozen.
 */
import assert from "node:assert/strict";
import { Redis } from "npm:ioredis@5.11.1";
import { StateStoreError } from "../../src/state/state_store.ts";
import { RedisStateStore } from "../../src/state/redis_state_store.ts";
import { redisTest, waitUntilUp } from "../support/redis_server.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain client without the key prefix, to look at what the store wrote. */
async function inspect<T>(url: string, look: (raw: Redis) => Promise<T>): Promise<T> {
  const raw = new Redis(url);
  try {
    return await look(raw);
  } finally {
    raw.disconnect();
    await new Promise((resolve) => raw.once("end", resolve));
  }
}

async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error("the operation succeeded");
}

redisTest(
  "buckets keep the Redis server's time: callers' clocks, however skewed, change nothing",
  async (redis) => {
    const store = new RedisStateStore({ url: redis.url, timeoutMs: 1000 });
    try {
      await waitUntilUp(store);
      const rule = { capacity: 2, windowMs: 400 };
      assert.equal((await store.takeToken("c", rule, 0)).allowed, true);
      assert.equal((await store.takeToken("c", rule, 5_000_000_000_000)).allowed, true);
      const refused = await store.takeToken("c", rule, 10_000_000_000_000);
      assert.equal(refused.allowed, false);
      assert.ok(
        refused.retryAfterMs > 150 && refused.retryAfterMs <= 200,
        `retry after ${refused.retryAfterMs}`,
      );
      await sleep(refused.retryAfterMs + 20);
      assert.equal((await store.takeToken("c", rule, 0)).allowed, true);
    } finally {
      await store.close();
    }
  },
);

redisTest(
  "keys carry the gpc: prefix, and a bucket's key expires when the bucket would be full",
  async (redis) => {
    const store = new RedisStateStore({ url: redis.url, timeoutMs: 1000 });
    try {
      await waitUntilUp(store);
      await store.takeToken("rate:192.0.2.1", { capacity: 10, windowMs: 60_000 }, 0);
      await store.claim("x402-claim:abc", "verifying", 30_000, 0);
      const seen = await inspect(redis.url, async (raw) => ({
        keys: (await raw.keys("*")).sort(),
        bucketTtl: await raw.pttl("gpc:rate:192.0.2.1"),
        claimTtl: await raw.pttl("gpc:x402-claim:abc"),
      }));
      assert.deepEqual(seen.keys, ["gpc:rate:192.0.2.1", "gpc:x402-claim:abc"]);
      assert.ok(seen.bucketTtl > 5000 && seen.bucketTtl <= 6000, `bucket ttl ${seen.bucketTtl}`);
      assert.ok(seen.claimTtl > 29_000 && seen.claimTtl <= 30_000, `claim ttl ${seen.claimTtl}`);
    } finally {
      await store.close();
    }
  },
);

redisTest(
  "a script the server forgot (SCRIPT FLUSH) is sent again and the bucket goes on counting",
  async (redis) => {
    const store = new RedisStateStore({ url: redis.url, timeoutMs: 1000, callerClock: true });
    try {
      await waitUntilUp(store);
      const rule = { capacity: 3, windowMs: 60_000 };
      assert.equal((await store.takeToken("c", rule, 0)).remaining, 2);
      assert.equal((await store.takeToken("c", rule, 0)).remaining, 1);
      assert.equal(await inspect(redis.url, (raw) => raw.script("FLUSH")), "OK");
      assert.deepEqual(await store.takeToken("c", rule, 0), {
        allowed: true,
        remaining: 0,
        retryAfterMs: 0,
        resetMs: 60_000,
      });
      // The first take on the connection loads the script (EVAL), the second runs it by hash (EVALSHA), the
      // third's EVALSHA finds it flushed (NOSCRIPT) and is sent again as EVAL.
      const stats = await inspect(redis.url, (raw) => raw.info("commandstats"));
      const calls = (command: string) =>
        /calls=(\d+),.*failed_calls=(\d+)/.exec(
          stats.split("\n").find((line) => line.startsWith(`cmdstat_${command}:`)) ?? "",
        )?.slice(1, 3);
      assert.deepEqual([calls("eval"), calls("evalsha")], [["2", "0"], ["2", "1"]]);
    } finally {
      await store.close();
    }
  },
);

redisTest(
  "a stopped Redis fails every operation at once, and the store reconnects when it is back",
  async (redis) => {
    const changes: string[] = [];
    const store = new RedisStateStore({
      url: redis.url,
      timeoutMs: 1000,
      onConnection: (up, detail) => changes.push(up ? "up" : `down: ${detail}`),
    });
    try {
      await waitUntilUp(store);
      await redis.stop();
      for (
        const operation of [
          store.takeToken("c", { capacity: 1, windowMs: 1000 }, 0),
          store.claim("k", "v", 1000, 0),
        ]
      ) {
        const { error, ms } = await failure(operation);
        assert.ok(error instanceof StateStoreError, String(error));
        assert.ok(ms < 500, `failed after ${ms} ms`);
      }
      await sleep(300);
      const { error } = await failure(store.read("k", 0));
      assert.match((error as Error).message, /^state store read failed: /);
      await redis.restart();
      await waitUntilUp(store);
      assert.equal(await store.claim("k", "v", 1000, 0), true);
      assert.deepEqual(changes.map((change) => change.replace(/:.*/, ":")), ["up", "down:", "up"]);
    } finally {
      await store.close();
    }
    // Closing the store is no outage.
    assert.deepEqual(changes.map((change) => change.replace(/:.*/, ":")), ["up", "down:", "up"]);
  },
);

redisTest(
  "a Redis that hangs fails an operation after the command timeout instead of hanging it",
  async (redis) => {
    const store = new RedisStateStore({ url: redis.url, timeoutMs: 200 });
    try {
      await waitUntilUp(store);
      redis.pause();
      const claimed = await failure(store.claim("k", "v", 1000, 0));
      const pinged = await failure(store.ping());
      redis.resume();
      assert.equal((claimed.error as Error).message, "state store claim failed: Command timed out");
      assert.ok(claimed.ms >= 190 && claimed.ms < 1000, `failed after ${claimed.ms} ms`);
      assert.ok(pinged.error instanceof StateStoreError);
      await waitUntilUp(store);
      // The frozen claim was applied once the server woke: it was taken, so the payer signs anew.
      assert.equal(await store.read("k", 0), "v");
    } finally {
      await store.close();
    }
  },
);
