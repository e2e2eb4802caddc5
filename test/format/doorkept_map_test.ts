import assert from "node:assert/strict";
import { DoorkeptMap } from "../../src/format/doorkept_map.ts";

Deno.test("a key is kept from its second offer on, and the oldest goes first past the limit", () => {
  const map = new DoorkeptMap<number>(2);
  map.offer("a", 1);
  assert.equal(map.get("a"), undefined);
  map.offer("a", 2);
  map.offer("b", 3);
  map.offer("b", 4);
  assert.deepEqual([map.get("a"), map.get("b"), map.size], [2, 4, 2]);
  map.offer("c", 5);
  map.offer("c", 6);
  assert.deepEqual([map.get("a"), map.get("b"), map.get("c"), map.size], [undefined, 4, 6, 2]);
});

Deno.test("keys offered in turn are all kept on their second round, those whose slots are shared too", () => {
  const map = new DoorkeptMap<string>(16_384);
  // 10,000 targets in 65,536 slots: hundreds share one (the birthday bound), and each round interleaves them.
  const targets = Array.from(
    { length: 10_000 },
    (_, i) => `/v1/marketing/share-of-shelf?country=ca&category=c${i}`,
  );
  for (let round = 0; round < 2; round++) {
    for (const target of targets) map.offer(target, target);
  }
  assert.equal(targets.filter((target) => map.get(target) !== undefined).length, 10_000);
});

Deno.test("a crawl of keys offered once each keeps few of them: the doorkeeper empties itself as it fills", () => {
  const map = new DoorkeptMap<string>(200_000);
  for (let i = 0; i < 100_000; i++) {
    map.offer(`/v1/reference/classify?browse_id=${i}`, "once");
  }
  // A slot another target filled lets a target in; the slots are emptied once a quarter of them are filled.
  assert.ok(map.size > 0 && map.size < 25_000, `${map.size} of 100,000 targets kept`);
});

Deno.test("two keys of one hash never answer each other's value: they take turns", () => {
  // These two share FNV-1a's 30 high bits (found by trying ids in turn), the number the values are kept under.
  const [first, second] = [
    "/v1/reference/classify?browse_id=12483",
    "/v1/reference/classify?browse_id=220169",
  ];
  const map = new DoorkeptMap<string>(16);
  map.offer(first, "first");
  map.offer(first, "first");
  assert.deepEqual([map.get(first), map.get(second)], ["first", undefined]);
  map.offer(second, "second");
  map.offer(second, "second");
  assert.deepEqual([map.get(first), map.get(second), map.size], [undefined, "second", 1]);
  map.offer(first, "first again");
  assert.deepEqual([map.get(first), map.get(second), map.size], ["first again", undefined, 1]);
});

Deno.test("a key offered with the hash 0 is never kept", () => {
  const map = new DoorkeptMap<string>(16);
  for (let i = 0; i < 3; i++) map.offer("/long", "value", 0);
  assert.deepEqual([map.get("/long", 0), map.get("/long"), map.size], [undefined, undefined, 0]);
});
