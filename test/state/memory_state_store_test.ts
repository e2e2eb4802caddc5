/** What only the in-process store does: its clock is the caller's, and it sweeps expired entries. */
import assert from "node:assert/strict";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";

Deno.test("the in-process store expires claims by the caller's clock", async () => {
  const store = new MemoryStateStore();
  assert.equal(await store.claim("k", "a", 1000, 0), true);
  assert.equal(await store.claim("k", "b", 1000, 999), false);
  assert.equal(await store.read("k", 999), "a");
  assert.equal(await store.read("k", 1000), undefined);
  assert.equal(await store.claim("k", "c", 1000, 1000), true);
});

Deno.test("expired claims are swept as new ones arrive, even with no rate limiting", async () => {
  const store = new MemoryStateStore();
  for (let i = 0; i < 1024; i++) await store.claim(`old-${i}`, "x", 10, 0);
  assert.equal(store.size, 1024);
  await store.claim("new", "x", 10, 100);
  assert.equal(store.size, 1);
  assert.equal(await store.read("new", 105), "x");
});
