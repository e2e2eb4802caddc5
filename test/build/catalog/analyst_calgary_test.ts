import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { answerObject, compileFixture } from "../../support/catalog_fixture.ts";

// The embedded Calgary flyer snapshot, checked by hand against its rows.
const compiled = await compileFixture(["data/catalog/ca_calgary_flyers.csv"]);
const answer = (shard: "analyst_inflation" | "analyst_dispersion", input: string) => {
  const target = (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution)
    .target;
  return answerObject(compiled, shard, compiled.shards.get(shard)!.get(`ca:${target}`) as AnswerRecord);
};

// Pantry > Baking Supplies holds three listings (Safeway's Crisco moved to "Pantry" in its latest row,
// ca-flyer-007987, so that listing is not in this category):
//   Save-On-Foods Gingerbread House Kit: W47 23.99 (ca-flyer-005079), W48 15.99 (-004047),
//     W49 14.99 (-003363), W50 median(15.99 -001645, 14.99 -001454) = 15.49, W51 14.99 (-006160)
//   Sobeys Crisco Shortening: W47 3.99 (-005231), W48 3.99 (-004219), W49 3.99 (-003510), W51 3.99 (-006208)
//   Calgary Co-op Gingerbread House: W50 16.99 (-001543)
// W48: √(15.99/23.99 × 3.99/3.99) = 0.816411 → 81.64; W49: × √(14.99/15.99) = 0.968226 → 79.05;
// W50: only the kit is matched: × 15.49/14.99 → 81.68; W51: only the kit (Crisco was not priced in W50):
// × 14.99/15.49 → back to 100 × √(14.99/23.99) = 79.05.
Deno.test("Calgary: the baking-supplies index chains the matched weekly prices of the flyer rows", () => {
  const body = answer("analyst_inflation", "pantry > baking supplies");
  assert.equal(body.base_period, "2025-W47");
  assert.deepEqual(
    body.index.map((row: { period: string; value: number; n_matched: number }) => [
      row.period,
      row.value,
      row.n_matched,
    ]),
    [["2025-W47", 100, 0], ["2025-W48", 81.64, 2], ["2025-W49", 79.05, 2], ["2025-W50", 81.68, 1], [
      "2025-W51",
      79.05,
      1,
    ]],
  );
  assert.deepEqual(body.coverage, { listings: 3, matched_listings: 2, share: 0.6667 });
});

// Offers valid at as_of 2025-12-17: Sobeys 3.99 (-006208, valid to 12-24), Save-On 14.99 (-006160, to
// 12-17); Co-op's 16.99 (-001543) was valid until 2025-12-10 only: expired, not current. No unit price:
// measure price. R-7 with n = 2: q1 = 3.99 + 0.25 × 11.00 = 6.74, median 9.49, q3 = 12.24; iqr 5.50; mean
// 9.49, deviations ±5.5: sd 5.5, cv = 0.5796.
Deno.test("Calgary: the baking-supplies dispersion is that of its offers still valid at as_of", () => {
  const body = answer("analyst_dispersion", "pantry > baking supplies");
  assert.equal(body.measure, "price");
  assert.deepEqual(
    [
      body.stats.n,
      body.stats.min,
      body.stats.q1,
      body.stats.median,
      body.stats.q3,
      body.stats.max,
      body.stats.iqr,
    ],
    [2, 3.99, 6.74, 9.49, 12.24, 14.99, 5.5],
  );
  assert.equal(body.stats.cv, 0.5796);
  assert.equal(body.within_product.products, 0);
});
