import assert from "node:assert/strict";
import { mapKey } from "../../src/format/map_key.ts";

Deno.test("one to nine digits without a leading zero are a number; every other key stays its string", () => {
  const cases: [string, string | number][] = [
    ["0", 0],
    ["7", 7],
    ["100339563", 100339563],
    ["999999999", 999999999],
    ["1000000000", "1000000000"],
    ["07", "07"],
    ["00", "00"],
    ["", ""],
    ["12a", "12a"],
    ["-1", "-1"],
    [" 1", " 1"],
    ["1.5", "1.5"],
    ["١٢", "١٢"],
  ];
  for (const [key, expected] of cases) assert.equal(mapKey(key), expected, key);
});
