import assert from "node:assert/strict";
import { FifoMap } from "../../src/format/fifo_map.ts";

/** The keys of `map` among `keys`, in the order given. */
const keptOf = (map: FifoMap<string, number>, keys: readonly string[]) =>
  keys.filter((key) => map.get(key) !== undefined);

Deno.test("a FifoMap keeps at most its limit, the oldest key going first", () => {
  const map = new FifoMap<string, number>(3);
  const keys = ["a", "b", "c", "d", "e", "f", "g"];
  map.set("a", 1);
  map.set("b", 2);
  map.set("c", 3);
  assert.deepEqual(keptOf(map, keys), ["a", "b", "c"]);
  map.set("d", 4);
  assert.deepEqual(keptOf(map, keys), ["b", "c", "d"]);
  map.set("e", 5);
  map.set("f", 6);
  map.set("g", 7);
  assert.deepEqual(keptOf(map, keys), ["e", "f", "g"]);
  assert.equal(map.size, 3);
  assert.deepEqual(keys.map((key) => map.get(key)), [undefined, undefined, undefined, undefined, 5, 6, 7]);
});

Deno.test("a FifoMap's key set again keeps its place and takes the new value", () => {
  const map = new FifoMap<string, number>(2);
  map.set("a", 1);
  map.set("b", 2);
  map.set("a", 10);
  assert.equal(map.get("a"), 10);
  assert.equal(map.size, 2);
  // "a" is still the oldest: it goes first.
  map.set("c", 3);
  assert.deepEqual(keptOf(map, ["a", "b", "c"]), ["b", "c"]);
  map.set("d", 4);
  assert.deepEqual(keptOf(map, ["a", "b", "c", "d"]), ["c", "d"]);
});

Deno.test("a FifoMap of one entry keeps the last key; a limit below one is refused", () => {
  const map = new FifoMap<string, number>(1);
  for (const [i, key] of ["a", "b", "c"].entries()) map.set(key, i);
  assert.deepEqual(keptOf(map, ["a", "b", "c"]), ["c"]);
  assert.throws(() => new FifoMap(0), /keeps at least one entry, not 0/);
  assert.throws(() => new FifoMap(Number.NaN), /keeps at least one entry, not NaN/);
});

Deno.test("a FifoMap that keeps letting its oldest go stays fast (no walk over deleted entries)", () => {
  const limit = 131_072;
  const map = new FifoMap<number, number>(limit);
  for (let i = 0; i < limit; i++) map.set(i, i);
  const started = performance.now();
  for (let i = limit; i < limit + 100_000; i++) map.set(i, i);
  const micros = ((performance.now() - started) * 1000) / 100_000;
  // A Map evicting through keys().next() takes about 19 µs here; the ring takes about 0.1 µs.
  assert.ok(micros < 3, `${micros.toFixed(2)} µs an eviction`);
  assert.equal(map.size, limit);
  assert.equal(map.get(limit + 99_999), limit + 99_999);
  assert.equal(map.get(100_000 - 1), undefined);
  assert.equal(map.get(100_000), 100_000);
});
