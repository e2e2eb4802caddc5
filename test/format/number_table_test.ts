import assert from "node:assert/strict";
import { NumberTable } from "../../src/format/number_table.ts";

Deno.test("a number table finds each key it was given, and nothing else", () => {
  const table = new NumberTable<string>();
  const keys = [
    0,
    1,
    7,
    16318751,
    18776870011,
    2 ** 32,
    2 ** 32 + 7,
    7 * 2 ** 32 + 1,
    Number.MAX_SAFE_INTEGER,
  ];
  for (const key of keys) table.set(key, `v${key}`);
  assert.equal(table.size, keys.length);
  for (const key of keys) assert.equal(table.get(key), `v${key}`);
  for (const absent of [2, 6, 16318752, 18776870012, 2 ** 32 + 1, 8 * 2 ** 32 + 1, 0.5, -1]) {
    assert.equal(table.get(absent), undefined, `${absent}`);
  }
});

Deno.test("a number table keeps every key as it grows far past its first size", () => {
  const table = new NumberTable<number>(4);
  // Keys that share their low 32 bits, and keys that share their high ones, collide in a weak hash.
  const keys: number[] = [];
  for (let i = 0; i < 3000; i++) keys.push(i * 2 ** 32 + 12345, 6_000_000_000 + i);
  for (const [i, key] of keys.entries()) table.set(key, i);
  assert.equal(table.size, 6000);
  for (const [i, key] of keys.entries()) assert.equal(table.get(key), i);
  assert.equal(table.get(3000 * 2 ** 32 + 12345), undefined);
});

Deno.test("a number table replaces the value of a key given again", () => {
  const table = new NumberTable<string>();
  table.set(42, "first");
  table.set(42, "second");
  assert.equal(table.size, 1);
  assert.equal(table.get(42), "second");
});

Deno.test("a number table refuses a key that is not a whole number from 0 to 2^53 - 1", () => {
  const table = new NumberTable<string>();
  for (const key of [-1, 1.5, 2 ** 53, NaN, Infinity]) {
    assert.throws(() => table.set(key, "x"), new RangeError(`not a whole number key: ${key}`));
  }
  assert.equal(table.size, 0);
});
