import assert from "node:assert/strict";
import { buildPlacementIndex, findPlacements } from "../../../build/gpc/gpc_placements.ts";
import { mergePlacementIndexes } from "../../../build/gpc/placement_merge.ts";
import type { GpcRelease } from "../../../build/gpc/gpc_model.ts";

const entry = (code: string, title: string) => ({ code, title, definition: "", active: true });

/** A release of one segment, one family and class, and the bricks with their "Type of …" values. */
function release(id: string, bricks: readonly [string, string, string, readonly string[]][]): GpcRelease {
  return {
    release: id,
    language: "EN",
    source: `${id}.xml`,
    segments: [{
      ...entry("50000000", "Food/Beverage"),
      families: [{
        ...entry("50180000", "Bread/Bakery Products"),
        classes: [{
          ...entry("50181900", "Bread"),
          bricks: bricks.map(([code, title, type, values]) => ({
            ...entry(code, title),
            definitionExcludes: "",
            attributes: [{
              ...entry(`2${code.slice(1)}`, type),
              values: values.map((value, i) => entry(`3${code.slice(1, 7)}${i}`, value)),
            }],
          })),
        }],
      }],
    }],
  };
}

const served = buildPlacementIndex(
  release("v2", [["10000164", "Bread (Perishable)", "Type of Bread", ["SCONE"]]]),
);
const reference = buildPlacementIndex(release("v1", [
  // Described by the served publication too: the served one speaks for it.
  ["10000164", "Bread (Perishable)", "Type of Bread", ["SCONE", "BAGEL"]],
  // Only in the reference: its placements are added.
  ["10000165", "Bread (Shelf Stable)", "Type of Bread", ["SCONE", "CRISPBREAD"]],
]));
const merged = mergePlacementIndexes([served, reference]);

Deno.test("merged placements: a brick's values come from the first index that describes it", () => {
  assert.deepEqual(merged.brick_values.get("10000164"), ["scone"]);
  assert.deepEqual(merged.brick_values.get("10000165"), ["scone", "crispbread"]);
  assert.deepEqual(findPlacements(merged, "bagels").placements, []);
});

Deno.test("merged placements: a value placed by both indexes lists the bricks of each, the first's first", () => {
  assert.deepEqual(findPlacements(merged, "scones").placements.map((p) => p.brick), ["10000164", "10000165"]);
  assert.deepEqual(findPlacements(merged, "crispbreads").placements.map((p) => p.brick), ["10000165"]);
});

Deno.test("merged placements: the readings of each brick are read once, from the index that describes it", () => {
  assert.deepEqual(merged.readings.map((reading) => reading.brick), ["10000164", "10000165"]);
});
