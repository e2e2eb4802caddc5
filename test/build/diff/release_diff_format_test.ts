import assert from "node:assert/strict";
import { diffReleases } from "../../../build/diff/release_diff.ts";
import { diffToJson, formatDiffSummary } from "../../../build/diff/release_diff_format.ts";
import { newerRelease, olderRelease } from "./release_diff_scenario.ts";
import { brick, family, gpcClass, release, segment } from "./release_diff_support.ts";

Deno.test("formatDiffSummary lists counts and items of every change kind of the hand-made releases", () => {
  assert.equal(
    formatDiffSummary(diffReleases(olderRelease, newerRelease)),
    `GPC release diff v20240101 (v20240101.xml, EN) → v20250101 (v20250101.xml, EN)
scope: whole releases
compared in v20240101: 3 segments, 5 families, 6 classes, 8 bricks
compared in v20250101: 3 segments, 5 families, 7 classes, 9 bricks
segments: 1 added, 1 removed, 1 retitled
  + 60000000 "Toys/Games"
  - 70000000 "Arts/Crafts"
  ~ 10000000 "Beauty" → "Beauty/Personal Care"
families: 1 added, 1 removed, 0 moved, 1 retitled
  + 60010000 "Toys" (in 60000000)
  - 70010000 "Arts" (was in 70000000)
  ~ 50180000 "Bread/Bakery Products" → "Bread/Bakery"
classes: 2 added, 1 removed, 1 moved, 1 retitled
  + 50193900 "Snacks" (in 50190000)
  + 60011500 "Toy Vehicles" (in 60010000)
  - 70011500 "Paints" (was in 70010000)
  > 50193800 "Ready Meals" moved from 50190000 to 50180000
  ~ 50181700 "Baking Mixes" → "Baking/Cooking Mixes"
bricks: 3 added, 2 removed, 1 moved, 1 retitled
  + 10000042 "Oil - Blend" (in 50151500)
  + 10000301 "Snacks (Shelf Stable)" (in 50193900)
  + 10002000 "Toy Cars" (in 60011500)
  - 10000041 "Oil - Animal" (was in 50151500)
  - 10001000 "Paint" (was in 70011500)
  > 10000156 "Mixes (Perishable)" moved from 50181700 to 50181900
  ~ 10000040 "Oil - Vegetable" → "Oil - Vegetable or Plant"
attribute types: 2 added to bricks, 1 removed from bricks, 1 retitled
  + brick 10000040 attribute 20000200 "Organic Claim"
  + brick 10000156 attribute 20000056 "Diabetic Suitability Claim"
  - brick 10000040 attribute 20000100 "Type of Oil"
  ~ 20000056 "Diabetic Claim" → "Diabetic Suitability Claim"
attribute values: 2 added, 1 removed, 1 retitled
  + brick 10000040 attribute 20000056 value 30003000 "YES"
  + brick 10000155 attribute 20000056 value 30002518 "UNIDENTIFIED"
  - brick 10000040 attribute 20000056 value 30002518 "UNIDENTIFIED"
  ~ 30002960 "NO" → "NO CLAIM"
`,
  );
});

const sevenBricks = (id: string, count: number) =>
  release(id, [
    segment("50000000", "Food/Beverage", [
      family("50180000", "Bread/Bakery Products", [
        gpcClass(
          "50181900",
          "Bread",
          Array.from({ length: count }, (_, i) => brick(`1000010${i}`, `Bread ${i}`)),
        ),
      ]),
    ]),
  ]);

Deno.test("formatDiffSummary shows five items of a kind, says how many more, and warns on a reversed order", () => {
  const summary = formatDiffSummary(
    diffReleases(sevenBricks("v20250101", 0), sevenBricks("v20240101", 7), {
      families: ["50180000", "59990000"],
    }),
  );
  assert.equal(
    summary,
    `GPC release diff v20250101 (v20250101.xml, EN) → v20240101 (v20240101.xml, EN)
scope: families 50180000, 59990000
warning: families found in neither release: 59990000
warning: the older side (v20250101) is a later release than the newer side
compared in v20250101: 1 segments, 1 families, 1 classes, 0 bricks
compared in v20240101: 1 segments, 1 families, 1 classes, 7 bricks
segments: 0 added, 0 removed, 0 retitled
families: 0 added, 0 removed, 0 moved, 0 retitled
classes: 0 added, 0 removed, 0 moved, 0 retitled
bricks: 7 added, 0 removed, 0 moved, 0 retitled
  + 10000100 "Bread 0" (in 50181900)
  + 10000101 "Bread 1" (in 50181900)
  + 10000102 "Bread 2" (in 50181900)
  + 10000103 "Bread 3" (in 50181900)
  + 10000104 "Bread 4" (in 50181900)
  … and 2 more
attributes: not comparable: v20250101 (v20250101.xml) and v20240101 (v20240101.xml) carry no attribute data \
(no brick has an attribute type), so attribute changes cannot be told from the files
`,
  );
});

Deno.test("diffToJson writes the tagged report, identical bytes for equal inputs, parsing back to the report", () => {
  const diff = diffReleases(olderRelease, newerRelease, { families: ["50150000"] });
  const json = diffToJson(diff);
  assert.equal(json, diffToJson(diffReleases(olderRelease, newerRelease, { families: ["50150000"] })));
  assert.deepEqual(JSON.parse(json), { format: "gpc-release-diff/1", ...diff });
  assert.deepEqual(Object.keys(JSON.parse(json)), [
    "format",
    "older",
    "newer",
    "scope",
    "segments",
    "families",
    "classes",
    "bricks",
    "attributes",
  ]);
  assert.deepEqual(json.split("\n").slice(0, 4), [
    "{",
    '  "format": "gpc-release-diff/1",',
    '  "older": {',
    '    "release": "v20240101",',
  ]);
  assert.ok(json.endsWith("}\n"));
});
