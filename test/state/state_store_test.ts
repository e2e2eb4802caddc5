import assert from "node:assert/strict";
import { MemoryStateStore } from "../../src/state/state_store.ts";

Deno.test("a claim is taken once until it expires, then it can be taken again", async () => {
  const store = new MemoryStateStore();
  assert.equal(await store.claim("k", "a", 1000, 0), true);
  assert.equal(await store.claim("k", "b", 1000, 999), false);
  assert.equal(await store.read("k", 999), "a");
  assert.equal(await store.read("k", 1000), undefined);
  assert.equal(await store.claim("k", "c", 1000, 1000), true);
  await store.release("k");
  assert.equal(await store.read("k", 1001), undefined);
});

Deno.test("expired claims are swept as new ones arrive, even with no rate limiting", async () => {
  const store = new MemoryStateStore();
  for (let i = 0; i < 1024; i++) await store.claim(`old-${i}`, "x", 10, 0);
  assert.equal(store.size, 1024);
  await store.claim("new", "x", 10, 100);
  assert.equal(store.size, 1);
  assert.equal(await store.read("new", 105), "x");
});

Deno.test("a token bucket allows its capacity, then refills evenly over its window", async () => {
  const store = new MemoryStateStore();
  const rule = { capacity: 2, windowMs: 1000 };
  assert.deepEqual(await store.takeToken("c", rule, 0), {
    allowed: true,
    remaining: 1,
    retryAfterMs: 0,
    resetMs: 500,
  });
  assert.deepEqual(await store.takeToken("c", rule, 0), {
    allowed: true,
    remaining: 0,
    retryAfterMs: 0,
    resetMs: 1000,
  });
  assert.deepEqual(await store.takeToken("c", rule, 0), {
    allowed: false,
    remaining: 0,
    retryAfterMs: 500,
    resetMs: 1000,
  });
  assert.equal((await store.takeToken("c", rule, 500)).allowed, true);
});
