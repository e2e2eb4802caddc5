import assert from "node:assert/strict";
import { FifoMap } from "../../src/format/fifo_map.ts";
import { FifoTable } from "../../src/format/fifo_table.ts";
import { seededRandom } from "../../build/catalog/seeded_random.ts";

Deno.test("a FifoTable keeps at most its limit, the oldest key going first", () => {
  const table = new FifoTable<string>(3);
  const keys = [0, 1, 2, 3, 2 ** 31 - 1, 1_000_000_000, 7];
  table.set(0, "a");
  table.set(1, "b");
  table.set(2, "c");
  assert.deepEqual(keys.map((key) => table.get(key)), [
    "a",
    "b",
    "c",
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  table.set(3, "d");
  assert.deepEqual(keys.map((key) => table.get(key)), [
    undefined,
    "b",
    "c",
    "d",
    undefined,
    undefined,
    undefined,
  ]);
  table.set(2 ** 31 - 1, "e");
  table.set(1_000_000_000, "f");
  table.set(7, "g");
  assert.deepEqual(keys.map((key) => table.get(key)), [
    undefined,
    undefined,
    undefined,
    undefined,
    "e",
    "f",
    "g",
  ]);
  assert.equal(table.size, 3);
});

Deno.test("a FifoTable's key set again keeps its place and takes the new value", () => {
  const table = new FifoTable<number>(2);
  table.set(5, 1);
  table.set(6, 2);
  table.set(5, 10);
  assert.equal(table.get(5), 10);
  table.set(7, 3);
  // 5 came first and goes first, though it was set again after 6.
  assert.deepEqual([5, 6, 7].map((key) => table.get(key)), [undefined, 2, 3]);
  assert.equal(table.size, 2);
});

Deno.test("a FifoTable refuses a key or a limit it cannot hold", () => {
  const table = new FifoTable<number>(4);
  for (const key of [-1, 2 ** 31, 1.5, Number.NaN]) {
    assert.throws(
      () => table.set(key, 1),
      new RangeError(`a FifoTable key is a whole number from 0 to 2^31 - 1, not ${key}`),
    );
  }
  assert.equal(table.get(-1), undefined);
  for (const limit of [0, 1.5, 2 ** 29 + 1]) {
    assert.throws(
      () => new FifoTable(limit),
      new RangeError(`a FifoTable keeps 1 to 2^29 entries, not ${limit}`),
    );
  }
});

Deno.test("a FifoTable answers as a FifoMap does over 200,000 seeded operations, its slots crowded", () => {
  const next = seededRandom(20_261_128);
  for (const [limit, keyRange] of [[1, 4], [8, 40], [64, 200], [1000, 1500], [1000, 2 ** 31]] as const) {
    const table = new FifoTable<number>(limit), map = new FifoMap<number, number>(limit);
    // Keys drawn from a few more than the limit make the oldest go, keys set again and long probe runs that
    // a removal must close up; the last range is every key.
    const draw = () => Math.floor(next() * keyRange);
    for (let op = 0; op < 40_000; op++) {
      const key = draw();
      if (next() < 0.5) {
        table.set(key, op);
        map.set(key, op);
      } else assert.equal(table.get(key), map.get(key), `limit ${limit}, operation ${op}, key ${key}`);
      assert.equal(table.size, map.size);
    }
    for (let key = 0; key < Math.min(keyRange, 3000); key++) assert.equal(table.get(key), map.get(key));
  }
});
